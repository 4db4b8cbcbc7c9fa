import { type VendorErrorFormat, randomToken, retryAfterHeader } from '@modelgate/testkit';

/** A 4xx/5xx answer before it is wrapped in Anthropic's error body. */
export interface AnthropicProblem {
  status: number;
  type: string;
  message: string;
}

/** PROTOCOLS D.6: the type Anthropic sends with each status. */
const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const MESSAGE_BY_TYPE: Readonly<Record<string, string>> = {
  invalid_request_error: 'There was an issue with the format or content of your request.',
  authentication_error: 'invalid x-api-key',
  billing_error: 'Your credit balance is too low to access the Anthropic API.',
  permission_error: 'Your API key does not have permission to use the specified resource.',
  not_found_error: 'The requested resource could not be found.',
  request_too_large: 'Request exceeds the maximum allowed number of bytes.',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
  api_error: 'Internal server error',
  timeout_error: 'Request timed out',
  overloaded_error: 'Overloaded',
};

export function anthropicErrorType(status: number): string {
  return TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The status Anthropic sends with an error type (529 for `overloaded_error`, 500 for an unknown one). */
export function anthropicStatusForType(type: string): number {
  const entry = Object.entries(TYPE_BY_STATUS).find(([, known]) => known === type);
  return entry ? Number(entry[0]) : 500;
}

/** `{"type":"error","error":{type,message},"request_id"}`, exactly Anthropic's shape. */
export function anthropicErrorBody(problem: Omit<AnthropicProblem, 'status'>): unknown {
  return { type: 'error', error: { type: problem.type, message: problem.message }, request_id: `req_${randomToken(24)}` };
}

export function invalidAnthropicRequest(message: string): AnthropicProblem {
  return { status: 400, type: 'invalid_request_error', message };
}

/** How long Anthropic's 429 asks the client to wait when the test names no wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Anthropic's 429 headers (PROTOCOLS D.1): always `retry-after`, and the request limit spent until its reset (RFC 3339). */
function rateLimitedHeaders(retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS): Record<string, string> {
  const reset = new Date(Date.now() + retryAfterSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    ...retryAfterHeader(retryAfterSeconds),
    'anthropic-ratelimit-requests-remaining': '0',
    'anthropic-ratelimit-requests-reset': reset,
  };
}

export const anthropicErrorFormat: VendorErrorFormat = {
  errorBody(status, { message }) {
    const type = anthropicErrorType(status);
    return anthropicErrorBody({ type, message: message ?? MESSAGE_BY_TYPE[type] ?? `Simulated status ${status}` });
  },
  errorHeaders: (status, { retryAfterSeconds }) => (status === 429 ? rateLimitedHeaders(retryAfterSeconds) : retryAfterHeader(retryAfterSeconds)),
  midStreamErrorEvent(message) {
    const data = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: message ?? 'Overloaded' } });
    return `event: error\ndata: ${data}\n\n`;
  },
  malformedEvent: 'event: content_block_delta\ndata: {not json\n\n',
};
