import { describe, expect, it } from '@jest/globals';
import { openAiCompatibleError, openAiErrorKind } from './openai-compatible-error.js';

function failure(status: number, error: Record<string, unknown>) {
  return { status, headers: {}, body: JSON.stringify({ error: { param: null, code: null, ...error } }) };
}

describe('openAiCompatibleError kinds (PROTOCOLS A.6, every row)', () => {
  it.each([
    ['insufficient_quota code on 429', 429, { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' }, 'insufficient_quota'],
    ['insufficient_quota as type only', 429, { message: 'quota', type: 'insufficient_quota' }, 'insufficient_quota'],
    ['context_length_exceeded', 400, { message: 'too many tokens', type: 'invalid_request_error', code: 'context_length_exceeded' }, 'context_length'],
    ['content_filter', 400, { message: 'flagged', type: 'invalid_request_error', code: 'content_filter' }, 'content_filter'],
    ['content_policy_violation', 400, { message: 'rejected', type: 'invalid_request_error', code: 'content_policy_violation' }, 'content_filter'],
    ['invalid_api_key', 401, { message: 'Incorrect API key', type: 'invalid_request_error', code: 'invalid_api_key' }, 'authentication'],
    ['model_not_found', 404, { message: 'no such model', type: 'invalid_request_error', code: 'model_not_found' }, 'not_found'],
    ['rate_limit_exceeded', 429, { message: 'try again in 2s', type: 'requests', code: 'rate_limit_exceeded' }, 'rate_limited'],
    ['a bare 429', 429, { message: 'slow down', type: 'tokens' }, 'rate_limited'],
    ['a bare 400', 400, { message: 'bad value', type: 'invalid_request_error', code: 'invalid_value' }, 'invalid_request'],
    ['403', 403, { message: 'region', type: 'permission_error', code: 'unsupported_country_region_territory' }, 'permission'],
    ['500', 500, { message: 'oops', type: 'server_error' }, 'server'],
    ['503', 503, { message: 'busy', type: 'server_error' }, 'overloaded'],
    ['503 with code overloaded', 503, { message: 'busy', type: 'server_error', code: 'overloaded' }, 'overloaded'],
    ['504', 504, { message: 'slow', type: 'server_error' }, 'timeout'],
  ] as const)('%s → %s', (_name, status, error, kind) => {
    const mapped = openAiCompatibleError(failure(status, error), 'OpenAI');
    expect(mapped.kind).toBe(kind);
    expect(mapped.status).toBe(status);
  });

  it('reads the message only when a compatible server sends no telling code', () => {
    const vllm = failure(400, { message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.", type: 'BadRequestError', code: 400 });
    expect(openAiCompatibleError(vllm, 'vLLM').kind).toBe('context_length');
    // A code that names a kind wins over the words of the message.
    const quota = failure(429, { message: 'maximum context length of your plan', code: 'insufficient_quota' });
    expect(openAiCompatibleError(quota, 'OpenAI').kind).toBe('insufficient_quota');
    // The message is not read on statuses where the words would be a coincidence.
    expect(openAiErrorKind(500, { message: 'maximum context length exceeded while paging' })).toBe('server');
  });

  it('takes the kind from the status for a body that is not an envelope', () => {
    expect(openAiCompatibleError({ status: 502, headers: {}, body: '<html>Bad gateway</html>' }, 'DeepSeek').kind).toBe('server');
    expect(openAiCompatibleError({ status: 503, headers: {}, body: '' }, 'DeepSeek').kind).toBe('overloaded');
    expect(openAiCompatibleError({ status: 402, headers: {}, body: 'Insufficient Balance' }, 'DeepSeek').kind).toBe('insufficient_quota');
  });

  it("reads OpenAI's 429 'Request too large' as the request's fault, not a rate limit (issue 27)", () => {
    const tooLarge = failure(429, {
      message: 'Request too large for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Requested 36278. The input or output tokens must be reduced in order to run successfully.',
      type: 'tokens',
      code: 'rate_limit_exceeded',
    });
    expect(openAiCompatibleError(tooLarge, 'OpenAI').kind).toBe('invalid_request');
    expect(openAiCompatibleError(tooLarge, 'OpenAI').status).toBe(429);
    const limited = failure(429, { message: 'Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000.', type: 'tokens', code: 'rate_limit_exceeded' });
    expect(openAiCompatibleError(limited, 'OpenAI').kind).toBe('rate_limited');
  });
});
