import type { VendorErrorFormat } from '@modelgate/testkit';

/** A 4xx/5xx before it is wrapped in Google's error body. */
export interface GoogleProblem {
  status: number;
  message: string;
  /** `details[]` entries, e.g. `ErrorInfo` with `reason: API_KEY_INVALID`, `RetryInfo`. */
  details?: Array<Record<string, unknown>>;
}

/** PROTOCOLS E.5: the RPC status Google sends with each HTTP status. */
const RPC_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'Request contains an invalid argument.',
  401: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  403: 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.',
  404: 'models/unknown is not found for API version v1beta, or is not supported for generateContent.',
  429: 'You exceeded your current quota, please check your plan and billing details.',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
  504: 'Deadline expired before operation could complete.',
};

export function invalidGoogleArgument(message: string): GoogleProblem {
  return { status: 400, message };
}

/** `{"error": {code, message, status, details?}}`, exactly Google's shape. */
export function googleErrorBody(problem: GoogleProblem): unknown {
  const status = RPC_STATUS[problem.status] ?? (problem.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  return { error: { code: problem.status, message: problem.message, status, ...(problem.details ? { details: problem.details } : {}) } };
}

/** How long Gemini's 429 asks the client to wait when the test names no wait. */
const DEFAULT_RETRY_DELAY_SECONDS = 1;

/**
 * What Gemini's 429 carries instead of a header (PROTOCOLS E.5): the quota that ran out, a link,
 * and the wait in `RetryInfo.retryDelay`.
 */
function quotaDetails(retryAfterSeconds = DEFAULT_RETRY_DELAY_SECONDS): Array<Record<string, unknown>> {
  return [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_input_token_count', quotaId: 'GenerateContentPaidTierInputTokensPerModelPerMinute' }],
    },
    { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` },
  ];
}

/** Google's errors; a 429 has no `retry-after` header, its wait is in the body. */
export const googleErrorFormat: VendorErrorFormat = {
  errorBody(status, { message, retryAfterSeconds }) {
    const details = status === 429 ? quotaDetails(retryAfterSeconds) : undefined;
    return googleErrorBody({ status, message: message ?? MESSAGE_BY_STATUS[status] ?? `Simulated status ${status}`, ...(details ? { details } : {}) });
  },
  midStreamErrorEvent(message) {
    return `data: ${JSON.stringify(googleErrorBody({ status: 503, message: message ?? MESSAGE_BY_STATUS[503]! }))}\r\n\r\n`;
  },
  malformedEvent: 'data: {not json\r\n\r\n',
};
