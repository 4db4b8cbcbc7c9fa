import { describe, expect, it } from '@jest/globals';
import type { CallContextV1, TranslationWarningV1 } from '@modelgate/core';
import { anthropicModelTraits } from './anthropic-models.js';
import { planSampling } from './anthropic-sampling.js';

function samplingFor(model: string, temperature: number | undefined, topP: number | undefined, thinkingOn = false) {
  const warnings: TranslationWarningV1[] = [];
  const call: CallContextV1 = { requestId: 'r', publicModel: model, upstreamModel: model, warn: (warning) => warnings.push(warning) };
  const sampling = planSampling({ model, messages: [], temperature, top_p: topP }, anthropicModelTraits(model), thinkingOn, call);
  return { sampling, dropped: warnings.map((warning) => warning.parameter) };
}

describe('planSampling: never both where the model refuses the pair', () => {
  it('keeps temperature and drops top_p with a warning on models that take only one', () => {
    expect(samplingFor('claude-sonnet-4-5', 0.3, 0.9)).toEqual({ sampling: { temperature: 0.3 }, dropped: ['top_p'] });
    expect(samplingFor('claude-model-not-in-the-table', 0.3, 0.9)).toEqual({ sampling: { temperature: 0.3 }, dropped: ['top_p'] });
  });

  it('sends either one alone', () => {
    expect(samplingFor('claude-sonnet-4-5', undefined, 0.9).sampling).toEqual({ top_p: 0.9 });
    expect(samplingFor('claude-sonnet-4-5', 1.5, undefined).sampling).toEqual({ temperature: 1 });
  });

  it('drops both while thinking, and on models that take no sampling parameters', () => {
    expect(samplingFor('claude-sonnet-4-5', 0.3, 0.9, true)).toEqual({ sampling: {}, dropped: ['temperature', 'top_p'] });
    expect(samplingFor('claude-sonnet-5-5', 0.3, undefined)).toEqual({ sampling: {}, dropped: ['temperature'] });
  });
});
