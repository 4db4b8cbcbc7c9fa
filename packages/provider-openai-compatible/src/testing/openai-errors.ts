import type { ErrorEnvelope } from '@modelgate/core';
import { retryAfterHeader, type VendorErrorFormat } from '@modelgate/testkit';

/** A 4xx/5xx answer before it is wrapped in OpenAI's envelope. */
export interface OpenAiProblem {
  status: number;
  message: string;
  type?: string;
  param?: string | null;
  code?: string | null;
}

/** OpenAI's error body: `param` and `code` are always present, possibly null. */
export function openAiErrorEnvelope(problem: OpenAiProblem): ErrorEnvelope {
  return {
    error: {
      message: problem.message,
      type: problem.type ?? (problem.status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: problem.param ?? null,
      code: problem.code ?? null,
    },
  };
}

/**
 * OpenAI's 429 for one request whose tokens (prompt and `max_tokens`) exceed the organisation's
 * tokens-per-minute limit on its own: it can never succeed, whatever the wait. Wording, `type:
 * 'tokens'` and code as OpenAI sends them (seen in Aider-AI/aider#1880, DrShushen/climb#13,
 * continuedev/continue#11717, 2024-2026).
 */
export function requestTooLarge(model: string, limit: number, requested: number): OpenAiProblem {
  return {
    status: 429,
    message: `Request too large for ${model} in organization org-simulated on tokens per min (TPM): Limit ${limit}, Requested ${requested}. The input or output tokens must be reduced in order to run successfully. Visit https://platform.openai.com/account/rate-limits to learn more.`,
    type: 'tokens',
    code: 'rate_limit_exceeded',
  };
}

/** What OpenAI answers for each status (PROTOCOLS A.6), used when a status fault names no body. */
function defaultProblem(status: number, retryAfterSeconds: number | undefined): OpenAiProblem {
  switch (status) {
    case 400:
      return { status, message: 'The request is invalid.' };
    case 401:
      return { status, message: 'Incorrect API key provided.', code: 'invalid_api_key' };
    case 403:
      return { status, message: 'You are not allowed to sample from this model.', type: 'permission_error', code: 'model_not_permitted' };
    case 404:
      return { status, message: 'The model does not exist or you do not have access to it.', param: 'model', code: 'model_not_found' };
    case 409:
      return { status, message: 'The request conflicts with the current state of the resource.' };
    case 422:
      return { status, message: 'The request could not be processed.' };
    case 429:
      // Codex reads the delay from "try again in <N>s", so keep that wording.
      return {
        status,
        message: `Rate limit reached for requests. Please try again in ${retryAfterSeconds ?? 1}s.`,
        type: 'requests',
        code: 'rate_limit_exceeded',
      };
    case 500:
      return { status, message: 'The server had an error while processing your request. Sorry about that!' };
    case 503:
      return { status, message: 'The engine is currently overloaded, please try again later.' };
    default:
      return { status, message: `The simulated upstream answered with status ${status}.` };
  }
}

/** OpenAI's errors. A 429 says the request budget is spent; `retry-after` comes only when a wait is asked for, as OpenAI often sends none. */
export const openAiErrorFormat: VendorErrorFormat = {
  errorBody(status, { message, retryAfterSeconds }) {
    const problem = defaultProblem(status, retryAfterSeconds);
    return openAiErrorEnvelope(message === undefined ? problem : { ...problem, message });
  },
  errorHeaders(status, { retryAfterSeconds }) {
    const spent: Record<string, string> = status === 429 ? { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': `${retryAfterSeconds ?? 1}s` } : {};
    return { ...spent, ...retryAfterHeader(retryAfterSeconds) };
  },
  midStreamErrorEvent(message) {
    const envelope = openAiErrorEnvelope({ status: 500, message: message ?? 'The server had an error while processing your request. Sorry about that!' });
    return `data: ${JSON.stringify(envelope)}\n\n`;
  },
};

/** A compatible server's errors (vLLM, Ollama, …): OpenAI's bodies, and no rate-limit header at all unless a wait is asked for. */
export const compatibleServerErrorFormat: VendorErrorFormat = {
  ...openAiErrorFormat,
  errorHeaders: (_status, { retryAfterSeconds }) => retryAfterHeader(retryAfterSeconds),
};
