import { describe, expect, it } from '@jest/globals';
import { azureOpenAiError } from './azure-openai-error.js';
import { PROMPT_FILTERED } from './testing/index.js';

const failure = (status: number, body: unknown) => ({ status, headers: {}, body: JSON.stringify(body) });

describe('azureOpenAiError', () => {
  it('maps a filtered prompt to content_filter, keeping code and param', () => {
    expect(azureOpenAiError(failure(400, PROMPT_FILTERED.body))).toMatchObject({ status: 400, kind: 'content_filter', code: 'content_filter', param: 'prompt' });
  });

  it('reads the kind from innererror when the code does not say it', () => {
    const body = { error: { code: '400', message: 'filtered', innererror: { code: 'ResponsibleAIPolicyViolation' } } };
    expect(azureOpenAiError(failure(400, body))).toMatchObject({ status: 400, kind: 'content_filter', code: '400' });
  });

  it('maps DeploymentNotFound and bare status codes by status', () => {
    expect(azureOpenAiError(failure(404, { error: { code: 'DeploymentNotFound', message: 'x' } }))).toMatchObject({ kind: 'not_found', code: 'DeploymentNotFound' });
    expect(azureOpenAiError(failure(429, { error: { code: '429', message: 'Requests ... exceeded token rate limit' } }))).toMatchObject({ kind: 'rate_limited' });
  });

  it("keeps APIM's own shape (no error envelope) as an upstream error with its status", () => {
    const error = azureOpenAiError(failure(401, { statusCode: 401, message: 'Access denied due to missing subscription key.' }));
    expect(error).toMatchObject({ status: 401, kind: 'authentication' });
  });
});
