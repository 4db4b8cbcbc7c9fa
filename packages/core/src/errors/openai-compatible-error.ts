import type { UpstreamFailureV1 } from '../plugin/v1/upstream-v1.js';
import { GatewayError } from './gateway-error.js';
import { defaultErrorKind, type GatewayErrorKind } from './gateway-error-kind.js';
import { withoutAccountIds } from './redact-account-ids.js';
import { parseFailureBody, unrecognisedUpstreamError } from './upstream-failure.js';

/**
 * Upstream headers a client needs to back off correctly; relayed with the error. The vendor's
 * `x-ratelimit-*` headers are not: they describe the gateway's vendor account, shared by every
 * key, not the client's own limits (the gateway sends those under the same names).
 */
const RELAYED_ERROR_HEADERS = ['retry-after', 'retry-after-ms'];

export function pickRelayedErrorHeaders(headers: UpstreamFailureV1['headers']): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of RELAYED_ERROR_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

function asStringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The `code`s (some servers put them in `type`) that name a kind, per PROTOCOLS A.6. */
const KIND_BY_CODE: Readonly<Record<string, GatewayErrorKind>> = {
  insufficient_quota: 'insufficient_quota',
  context_length_exceeded: 'context_length',
  content_filter: 'content_filter',
  content_policy_violation: 'content_filter',
  invalid_api_key: 'authentication',
  model_not_found: 'not_found',
  rate_limit_exceeded: 'rate_limited',
  overloaded: 'overloaded',
};

/**
 * Compatible servers that send no code (vLLM, llama.cpp, older proxies) still say OpenAI's words
 * for a prompt over the context window; used only when neither code nor type names a kind.
 */
const CONTEXT_LENGTH_MESSAGE = /maximum context length|context length exceeded|context window/i;

/**
 * OpenAI's (and Groq's) 429 for one request larger than the organisation's whole tokens-per-minute
 * limit (`type: 'tokens'`, `code: 'rate_limit_exceeded'`): the request must shrink, no wait helps,
 * and the deployment is healthy. Its kind is the client's (`invalid_request`), so it takes part in
 * neither retries nor cooldowns (PROTOCOLS A.6).
 */
const REQUEST_TOO_LARGE_MESSAGE = /^Request too large for /;

/**
 * The kind of an OpenAI-style error: from its `code` (or `type`) when it names one, else from the
 * status (429 rate limited, 503 overloaded, other 5xx server, PROTOCOLS A.6). The message is read
 * only for a 400/413 that carries no telling code.
 */
export function openAiErrorKind(status: number, error: { type?: unknown; code?: unknown; message?: unknown } = {}): GatewayErrorKind {
  if (status === 429 && typeof error.message === 'string' && REQUEST_TOO_LARGE_MESSAGE.test(error.message)) return 'invalid_request';
  for (const name of [error.code, error.type]) {
    if (typeof name === 'string' && Object.hasOwn(KIND_BY_CODE, name)) return KIND_BY_CODE[name]!;
  }
  if ((status === 400 || status === 413) && typeof error.message === 'string' && CONTEXT_LENGTH_MESSAGE.test(error.message)) {
    return 'context_length';
  }
  return defaultErrorKind(status);
}

/**
 * An error from an OpenAI-compatible upstream (OpenAI, DeepSeek, any server that copies the envelope)
 * becomes the same envelope with the upstream's status; a body that is not an envelope keeps its text.
 */
export function openAiCompatibleError(failure: UpstreamFailureV1, vendorName: string): GatewayError {
  const error = (parseFailureBody(failure) as { error?: Record<string, unknown> } | undefined)?.error;
  const headers = pickRelayedErrorHeaders(failure.headers);
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    return new GatewayError({
      status: failure.status,
      message: withoutAccountIds(error.message),
      type: typeof error.type === 'string' ? error.type : undefined,
      param: asStringOrNull(error.param),
      code: asStringOrNull(error.code),
      kind: openAiErrorKind(failure.status, error),
      headers,
    });
  }
  return unrecognisedUpstreamError(failure, vendorName, headers);
}
