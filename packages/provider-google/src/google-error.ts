import { defaultErrorKind, GatewayError, parseFailureBody, pickRelayedErrorHeaders, unrecognisedUpstreamError, type UpstreamFailureV1, type VendorErrorMapping, type GoogleErrorBody } from '@modelgate/core';

/** Every status of E.5's table (Google RPC status → A.6), plus UNAUTHENTICATED. */
export const GOOGLE_ERROR_MAP: Readonly<Record<string, VendorErrorMapping>> = {
  INVALID_ARGUMENT: { status: 400, type: 'invalid_request_error', code: null, kind: 'invalid_request' },
  FAILED_PRECONDITION: { status: 400, type: 'invalid_request_error', code: 'failed_precondition', kind: 'permission' },
  UNAUTHENTICATED: { status: 401, type: 'authentication_error', code: 'invalid_api_key', kind: 'authentication' },
  PERMISSION_DENIED: { status: 403, type: 'permission_error', code: null, kind: 'permission' },
  NOT_FOUND: { status: 404, type: 'invalid_request_error', code: 'model_not_found', kind: 'not_found' },
  RESOURCE_EXHAUSTED: { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', kind: 'rate_limited' },
  INTERNAL: { status: 500, type: 'server_error', code: null, kind: 'server' },
  UNAVAILABLE: { status: 503, type: 'server_error', code: 'overloaded', kind: 'overloaded' },
  DEADLINE_EXCEEDED: { status: 504, type: 'server_error', code: 'upstream_timeout', kind: 'timeout' },
};

/** An invalid key is a 400 at Google; OpenAI clients know it as 401 (E.5). */
const INVALID_KEY: VendorErrorMapping = GOOGLE_ERROR_MAP.UNAUTHENTICATED!;
/** Google's words for a prompt over the context window ("The input token count (…) exceeds the maximum number of tokens allowed (…)"). */
const PROMPT_TOO_LONG = /input token count .*exceeds the maximum/i;

type GoogleErrorDetail = NonNullable<NonNullable<GoogleErrorBody['error']>['details']>[number];

/** `RetryInfo.retryDelay` ("30s", "1.5s") as whole seconds for `retry-after`. */
function retryAfterSeconds(details: readonly GoogleErrorDetail[]): string | undefined {
  const delay = details.find((detail) => String(detail['@type']).endsWith('google.rpc.RetryInfo'))?.retryDelay;
  const seconds = typeof delay === 'string' ? Number.parseFloat(delay) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? String(Math.ceil(seconds)) : undefined;
}

/** The error object of a body; streamed and batch errors come wrapped in an array. */
function errorOf(parsed: unknown): GoogleErrorBody['error'] | undefined {
  const body = (Array.isArray(parsed) ? parsed[0] : parsed) as GoogleErrorBody | undefined;
  return typeof body?.error === 'object' && body.error !== null ? body.error : undefined;
}

/** A Google error object (from a failed answer, or `data: {"error":…}` in a stream) as a gateway error. */
export function googleErrorFrom(error: NonNullable<GoogleErrorBody['error']>, fallbackStatus: number, headers: Record<string, string> = {}): GatewayError {
  const details = Array.isArray(error.details) ? error.details : [];
  const message = typeof error.message === 'string' ? error.message : `Gemini answered with status ${fallbackStatus}`;
  const invalidKey = details.some((detail) => detail.reason === 'API_KEY_INVALID');
  const byStatus = typeof error.status === 'string' && Object.hasOwn(GOOGLE_ERROR_MAP, error.status) ? GOOGLE_ERROR_MAP[error.status] : undefined;
  const mapped = invalidKey ? INVALID_KEY : byStatus;
  const tooLong = (mapped?.status ?? fallbackStatus) === 400 && PROMPT_TOO_LONG.test(message);
  const retryAfter = retryAfterSeconds(details);
  return new GatewayError({
    status: mapped?.status ?? fallbackStatus,
    message,
    type: mapped?.type,
    code: tooLong ? 'context_length_exceeded' : (mapped?.code ?? null),
    kind: tooLong ? 'context_length' : (mapped?.kind ?? defaultErrorKind(fallbackStatus)),
    headers: retryAfter !== undefined && !headers['retry-after'] ? { ...headers, 'retry-after': retryAfter } : headers,
  });
}

/** A non-2xx answer from Gemini as the OpenAI envelope with the matching status, kind and back-off. */
export function googleError(failure: UpstreamFailureV1): GatewayError {
  const headers = pickRelayedErrorHeaders(failure.headers);
  const error = errorOf(parseFailureBody(failure));
  if (error) return googleErrorFrom(error, failure.status, headers);
  return unrecognisedUpstreamError(failure, 'Gemini', headers);
}
