import { describe, expect, it } from '@jest/globals';
import { GatewayError, type TranslationWarningV1 } from '@modelgate/core';
import { applyOpenAiCompatibleParameterPolicy, type OpenAiCompatibleParameterPolicy } from './openai-compatible-parameter-policy.js';

const policy: OpenAiCompatibleParameterPolicy = {
  rules: {
    max_completion_tokens: { renamedTo: 'max_tokens' },
    logprobs: { unsupported: 'the server returns no log probabilities', accepts: (value) => value === false },
    seed: { unsupported: 'the server has no sampling seed' },
  },
};

function apply(body: Record<string, unknown>, overrides: Partial<OpenAiCompatibleParameterPolicy> = {}) {
  const warnings: TranslationWarningV1[] = [];
  const result = applyOpenAiCompatibleParameterPolicy(body, { ...policy, ...overrides }, 'Local', (warning) => warnings.push(warning));
  return { result, warnings };
}

function thrownBy(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    if (GatewayError.isInstance(error)) return error;
  }
  throw new Error('expected a GatewayError');
}

describe('the compatible parameter policy', () => {
  it('returns the very body when no rule applies, so unknown fields pass as sent', () => {
    const body = { model: 'm', messages: [], brand_new_field: 1 };
    expect(apply(body).result).toBe(body);
  });

  it('renames a mapped field, unless the client sent the vendor’s own name too', () => {
    expect(apply({ model: 'm', max_completion_tokens: 64 }).result).toEqual({ model: 'm', max_tokens: 64 });
    expect(apply({ model: 'm', max_completion_tokens: 64, max_tokens: 32 }).result).toEqual({ model: 'm', max_tokens: 32 });
  });

  it('rejects an unsupported field with a 400 unsupported_parameter naming it', () => {
    const error = thrownBy(() => apply({ model: 'm', seed: 7 }));
    expect(error.status).toBe(400);
    expect(error.toBody()).toMatchObject({ param: 'seed', code: 'unsupported_parameter', type: 'invalid_request_error' });
    expect(error.message).toMatch(/Local does not support 'seed': the server has no sampling seed/);
  });

  it('lets values that ask for the default pass, and absent or null fields', () => {
    expect(apply({ model: 'm', logprobs: false, seed: null }).result).toEqual({ model: 'm', logprobs: false, seed: null });
  });

  it('drops an unsupported field with a warning under unsupportedParameters: drop', () => {
    const { result, warnings } = apply({ model: 'm', seed: 7, logprobs: true }, { unsupportedParameters: 'drop' });
    expect(result).toEqual({ model: 'm' });
    expect(warnings).toEqual([
      { kind: 'dropped-parameter', parameter: 'seed', reason: 'the server has no sampling seed' },
      { kind: 'dropped-parameter', parameter: 'logprobs', reason: 'the server returns no log probabilities' },
    ]);
  });
});
