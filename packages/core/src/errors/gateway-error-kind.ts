/**
 * What went wrong, in words retries, fallbacks and the request log can decide on without reading a
 * vendor's strings. Set by the translator that understood the vendor's error (ARCHITECTURE.md,
 * "Errors have a kind"); internal: the client sees only the envelope.
 */
export const GATEWAY_ERROR_KINDS = [
  'invalid_request',
  'authentication',
  'permission',
  'not_found',
  'rate_limited',
  'overloaded',
  'server',
  'timeout',
  'context_length',
  'content_filter',
  'insufficient_quota',
] as const;

export type GatewayErrorKind = (typeof GATEWAY_ERROR_KINDS)[number];

const DEFAULT_KIND_BY_STATUS: Readonly<Record<number, GatewayErrorKind>> = {
  400: 'invalid_request',
  401: 'authentication',
  402: 'insufficient_quota',
  403: 'permission',
  404: 'not_found',
  408: 'timeout',
  413: 'invalid_request',
  429: 'rate_limited',
  503: 'overloaded',
  504: 'timeout',
  529: 'overloaded',
};

/** The kind a status implies when nobody said better: other 5xx → `server`, other 4xx → `invalid_request`. */
export function defaultErrorKind(status: number): GatewayErrorKind {
  return DEFAULT_KIND_BY_STATUS[status] ?? (status >= 500 ? 'server' : 'invalid_request');
}

export function isGatewayErrorKind(value: unknown): value is GatewayErrorKind {
  return typeof value === 'string' && (GATEWAY_ERROR_KINDS as readonly string[]).includes(value);
}

/**
 * The kind of an error that may come from another copy of core (an older plugin's): its own when it
 * has a known one, else the one its status implies.
 */
export function gatewayErrorKindOf(error: { readonly status: number; readonly kind?: unknown }): GatewayErrorKind {
  return isGatewayErrorKind(error.kind) ? error.kind : defaultErrorKind(error.status);
}
