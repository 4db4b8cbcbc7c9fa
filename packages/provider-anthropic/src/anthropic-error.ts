import {
  defaultErrorKind,
  GatewayError,
  parseFailureBody,
  pickRelayedErrorHeaders,
  unrecognisedUpstreamError,
  withoutAccountIds,
  type UpstreamFailureV1,
  type VendorErrorMapping,
} from '@modelgate/core';

/**
 * Every documented Anthropic error type (PROTOCOLS D.6 → A.6). 529 `overloaded_error` becomes 503, the status OpenAI
 * clients know for an overloaded server (they retry it, as they would 529). A 401 means Anthropic
 * refused the gateway's own key (the client's key was accepted by the gateway already), so the
 * client's error says so, with its own code (`upstream_authentication_failed`); the pipeline turns
 * every upstream 401 into a 502 so it never looks like the client's own bad key.
 */
export const ANTHROPIC_ERROR_MAP: Readonly<Record<string, VendorErrorMapping>> = {
  invalid_request_error: { status: 400, type: 'invalid_request_error', code: null, kind: 'invalid_request' },
  authentication_error: { status: 401, type: 'authentication_error', code: 'upstream_authentication_failed', kind: 'authentication' },
  billing_error: { status: 402, type: 'insufficient_quota', code: 'insufficient_quota', kind: 'insufficient_quota' },
  permission_error: { status: 403, type: 'permission_error', code: null, kind: 'permission' },
  not_found_error: { status: 404, type: 'invalid_request_error', code: 'not_found', kind: 'not_found' },
  request_too_large: { status: 413, type: 'invalid_request_error', code: 'request_too_large', kind: 'invalid_request' },
  rate_limit_error: { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', kind: 'rate_limited' },
  api_error: { status: 500, type: 'server_error', code: null, kind: 'server' },
  timeout_error: { status: 504, type: 'server_error', code: 'upstream_timeout', kind: 'timeout' },
  overloaded_error: { status: 503, type: 'server_error', code: 'overloaded', kind: 'overloaded' },
};

/** `retry-after` only: Anthropic's `anthropic-ratelimit-*` describe the gateway's account, shared by every key. */
function relayedHeaders(headers: UpstreamFailureV1['headers']): Record<string, string> {
  return pickRelayedErrorHeaders(headers);
}

/**
 * Anthropic has no error type of its own for a prompt over the context window: it sends
 * `invalid_request_error` saying "prompt is too long", so the message is the only signal there is.
 * Agent clients look for OpenAI's code to compact their history.
 */
function isPromptTooLong(type: string, message: string): boolean {
  return type === 'invalid_request_error' && /prompt is too long/i.test(message);
}

/** What the client reads when Anthropic refused the gateway's credentials. */
export function vendorCredentialsMessage(upstreamMessage: string): string {
  return `Anthropic rejected the gateway's credentials for this provider (${upstreamMessage}). Your API key was accepted by the gateway; its operator must fix the provider's apiKey.`;
}

/** An Anthropic error type and message (from a body or a mid-stream `error` event) as a gateway error. */
export function anthropicErrorFromType(errorType: string, message: string, fallbackStatus: number, headers: Record<string, string> = {}): GatewayError {
  const mapped = Object.hasOwn(ANTHROPIC_ERROR_MAP, errorType) ? ANTHROPIC_ERROR_MAP[errorType] : undefined;
  const status = mapped?.status ?? (fallbackStatus === 529 ? 503 : fallbackStatus);
  const promptTooLong = isPromptTooLong(errorType, message);
  return new GatewayError({
    status,
    message: errorType === 'authentication_error' ? vendorCredentialsMessage(message) : withoutAccountIds(message),
    type: mapped?.type,
    code: promptTooLong ? 'context_length_exceeded' : (mapped?.code ?? null),
    kind: promptTooLong ? 'context_length' : (mapped?.kind ?? defaultErrorKind(fallbackStatus)),
    headers,
  });
}

/** A non-2xx answer from Anthropic as the OpenAI envelope with the matching status. */
export function anthropicError(failure: UpstreamFailureV1): GatewayError {
  const headers = relayedHeaders(failure.headers);
  const error = (parseFailureBody(failure) as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.type === 'string' && typeof error.message === 'string') {
    return anthropicErrorFromType(error.type, error.message, failure.status, headers);
  }
  if (failure.status === 401) return anthropicErrorFromType('authentication_error', failure.body.trim().slice(0, 500) || 'status 401', 401, headers);
  return unrecognisedUpstreamError(failure, 'Anthropic', headers, failure.status === 529 ? 503 : failure.status);
}
