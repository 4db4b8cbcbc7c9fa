import { GatewayError, pickRelayedErrorHeaders, type UpstreamFailureV1 } from '@modelgate/core';

/** What the client sees for one Anthropic error type (PROTOCOLS D.6 → A.6). */
interface MappedError {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
}

/**
 * Every documented Anthropic error type. 529 `overloaded_error` becomes 503, the status OpenAI
 * clients know for an overloaded server (they retry it, as they would 529).
 */
export const ANTHROPIC_ERROR_MAP: Readonly<Record<string, MappedError>> = {
  invalid_request_error: { status: 400, type: 'invalid_request_error', code: null },
  authentication_error: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  billing_error: { status: 402, type: 'insufficient_quota', code: 'insufficient_quota' },
  permission_error: { status: 403, type: 'permission_error', code: null },
  not_found_error: { status: 404, type: 'invalid_request_error', code: 'not_found' },
  request_too_large: { status: 413, type: 'invalid_request_error', code: 'request_too_large' },
  rate_limit_error: { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  api_error: { status: 500, type: 'server_error', code: null },
  timeout_error: { status: 504, type: 'server_error', code: 'upstream_timeout' },
  overloaded_error: { status: 503, type: 'server_error', code: 'overloaded' },
};

/** Headers Anthropic uses for back-off, relayed under their own names next to the generic ones. */
const ANTHROPIC_RATE_LIMIT_HEADER = /^anthropic-ratelimit-/;

function relayedHeaders(headers: UpstreamFailureV1['headers']): Record<string, string> {
  const picked = pickRelayedErrorHeaders(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (ANTHROPIC_RATE_LIMIT_HEADER.test(name) && typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** Anthropic says "prompt is too long"; agent clients look for OpenAI's code to compact their history. */
function refineCode(type: string, message: string, code: string | null): string | null {
  if (type === 'invalid_request_error' && /prompt is too long/i.test(message)) return 'context_length_exceeded';
  return code;
}

/** An Anthropic error type and message (from a body or a mid-stream `error` event) as a gateway error. */
export function anthropicErrorFromType(errorType: string, message: string, fallbackStatus: number, headers: Record<string, string> = {}): GatewayError {
  const mapped = ANTHROPIC_ERROR_MAP[errorType];
  const status = mapped?.status ?? (fallbackStatus === 529 ? 503 : fallbackStatus);
  return new GatewayError({
    status,
    message,
    type: mapped?.type,
    code: refineCode(errorType, message, mapped?.code ?? null),
    headers,
  });
}

/** A non-2xx answer from Anthropic as the OpenAI envelope with the matching status. */
export function anthropicError(failure: UpstreamFailureV1): GatewayError {
  const headers = relayedHeaders(failure.headers);
  let parsed: unknown;
  try {
    parsed = JSON.parse(failure.body);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.type === 'string' && typeof error.message === 'string') {
    return anthropicErrorFromType(error.type, error.message, failure.status, headers);
  }
  const text = failure.body.trim().slice(0, 500);
  return new GatewayError({
    status: failure.status === 529 ? 503 : failure.status,
    message: `Anthropic answered with status ${failure.status}${text ? `: ${text}` : ''}`,
    code: 'upstream_error',
    headers,
  });
}
