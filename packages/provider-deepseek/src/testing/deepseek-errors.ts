import { openAiErrorEnvelope, type OpenAiProblem } from '@modelgate/provider-openai-compatible/testing';
import { retryAfterHeader, type VendorErrorFormat } from '@modelgate/testkit';

/**
 * DeepSeek's errors are OpenAI's envelope with DeepSeek's words (its error-codes page) and
 * `code: "invalid_request_error"` where OpenAI would name a code; `type` as DeepSeek sends it.
 */
const DEEPSEEK_PROBLEMS: Readonly<Record<number, Omit<OpenAiProblem, 'status'>>> = {
  400: { message: 'Invalid Format', type: 'invalid_request_error', code: 'invalid_request_error' },
  401: { message: 'Authentication Fails, Your api key is invalid', type: 'authentication_error', code: 'invalid_request_error' },
  402: { message: 'Insufficient Balance', type: 'unknown_error', code: 'invalid_request_error' },
  422: { message: 'Invalid Parameters', type: 'invalid_request_error', code: 'invalid_request_error' },
  429: { message: 'Rate Limit Reached', type: 'rate_limit_error', code: 'invalid_request_error' },
  500: { message: 'Server Error', type: 'server_error', code: 'server_error' },
  503: { message: 'Server Overloaded', type: 'server_error', code: 'server_error' },
};

function deepSeekProblem(status: number): OpenAiProblem {
  return { status, ...(DEEPSEEK_PROBLEMS[status] ?? { message: `The simulated DeepSeek answered with status ${status}.` }) };
}

/** A 400 in DeepSeek's shape: the message is what differs from one refusal to the next. */
export function badRequest(message: string): OpenAiProblem {
  return { status: 400, message, type: 'invalid_request_error', param: null, code: 'invalid_request_error' };
}

/** DeepSeek's errors; like a compatible server it sends no rate-limit header, `retry-after` only when a wait is asked for. */
export const deepSeekErrorFormat: VendorErrorFormat = {
  errorBody(status, { message }) {
    const problem = deepSeekProblem(status);
    return openAiErrorEnvelope(message === undefined ? problem : { ...problem, message });
  },
  errorHeaders: (_status, { retryAfterSeconds }) => retryAfterHeader(retryAfterSeconds),
  midStreamErrorEvent(message) {
    return `data: ${JSON.stringify(openAiErrorEnvelope({ ...deepSeekProblem(500), message: message ?? 'Server Error' }))}\n\n`;
  },
};
