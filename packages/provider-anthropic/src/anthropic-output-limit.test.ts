import { describe, expect, it } from '@jest/globals';
import type { CallContextV1, ChatCompletionRequest, TranslationWarningV1 } from '@modelgate/core';
import { anthropicModelTraits } from './anthropic-models.js';
import { planOutputLimit } from './anthropic-output-limit.js';

function limitFor(model: string, request: Partial<ChatCompletionRequest>, budget?: number) {
  const warnings: TranslationWarningV1[] = [];
  const call: CallContextV1 = { requestId: 'r', publicModel: model, upstreamModel: model, warn: (warning) => warnings.push(warning) };
  const thinking = budget === undefined ? undefined : ({ type: 'enabled', budget_tokens: budget } as const);
  const limit = planOutputLimit({ model, messages: [], ...request }, anthropicModelTraits(model), thinking, 16_384, call);
  return { ...limit, warnings };
}

describe('planOutputLimit: max_tokens inside the model’s output limit', () => {
  it('caps a thinking budget added to a stream’s default at the model limit, budget inside', () => {
    expect(limitFor('claude-sonnet-4-5', { stream: true }, 4096)).toMatchObject({ maxTokens: 64_000, thinking: { budget_tokens: 4096 } });
    expect(limitFor('claude-sonnet-4-5-20250929', { stream: true, max_tokens: 63_000 }, 2048)).toMatchObject({ maxTokens: 64_000 });
  });

  it('adds the budget on top of a small client limit', () => {
    expect(limitFor('claude-haiku-4-5', { max_completion_tokens: 1000 }, 2048).maxTokens).toBe(3048);
  });

  it('keeps a budget configured above the limit below max_tokens', () => {
    expect(limitFor('claude-sonnet-4-5', { stream: true }, 70_000)).toMatchObject({ maxTokens: 64_000, thinking: { budget_tokens: 63_999 } });
  });

  it('gives non-streaming calls the documented default, streams the model limit, unknown models the default', () => {
    expect(limitFor('claude-sonnet-4-5', {}).maxTokens).toBe(16_384);
    expect(limitFor('claude-sonnet-4-5', { stream: true }).maxTokens).toBe(64_000);
    expect(limitFor('claude-something-new', { stream: true }).maxTokens).toBe(16_384);
  });

  it('clamps a client limit above the model’s with a warning', () => {
    const { maxTokens, warnings } = limitFor('claude-sonnet-4-5', { max_tokens: 100_000 });
    expect(maxTokens).toBe(64_000);
    expect(warnings).toEqual([{ kind: 'value-clamped', parameter: 'max_tokens', from: 100_000, to: 64_000 }]);
  });
});
