import { describe, expect, it } from '@jest/globals';
import type { CallContextV1, ChatCompletionRequest, ChatMessage, TranslationWarningV1 } from '@modelgate/core';
import { anthropicModelTraits } from './anthropic-models.js';
import { planThinking } from './anthropic-thinking.js';
import { DEFAULT_THINKING_BUDGETS } from './convert-to-anthropic-request.js';

const call = (warnings: TranslationWarningV1[], model: string): CallContextV1 => ({ requestId: 'r', publicModel: model, upstreamModel: model, warn: (warning) => warnings.push(warning) });
const toolCall = { id: 't1', type: 'function' as const, function: { name: 'f', arguments: '{}' } };
const signed = [{ type: 'reasoning.text' as const, text: 'Hm.', signature: 'Eq1', format: 'anthropic-claude-v1', index: 0 }];

function plan(model: string, request: Partial<ChatCompletionRequest>) {
  const warnings: TranslationWarningV1[] = [];
  const result = planThinking({ model, messages: [{ role: 'user', content: 'hi' }], ...request }, anthropicModelTraits(model), DEFAULT_THINKING_BUDGETS, call(warnings, model));
  return { ...result, warnings };
}

const toolLoop = (assistant: Partial<ChatMessage>, after: ChatMessage[] = []): ChatMessage[] => [
  { role: 'user', content: 'go' },
  { role: 'assistant', content: null, tool_calls: [toolCall], ...assistant } as ChatMessage,
  { role: 'tool', tool_call_id: 't1', content: 'ok' },
  ...after,
];

describe('planThinking', () => {
  it('gives budget models a budget, adaptive models an effort, and turns neither on unasked', () => {
    expect(plan('claude-sonnet-4-5', { reasoning_effort: 'medium' })).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, on: true });
    expect(plan('claude-sonnet-4-6', { reasoning_effort: 'minimal' })).toMatchObject({ thinking: { type: 'adaptive' }, effort: 'low', on: true });
    expect(plan('claude-sonnet-4-6', { reasoning_effort: 'none' })).toMatchObject({ thinking: { type: 'disabled' }, on: false });
    expect(plan('claude-sonnet-4-5', {})).toEqual({ on: false, warnings: [] });
  });

  it('keeps an always-thinking model thinking, at the lowest effort for none, with a warning', () => {
    expect(plan('claude-sonnet-5-5', {})).toMatchObject({ on: true });
    const none = plan('claude-sonnet-5-5', { reasoning_effort: 'none' });
    expect(none).toMatchObject({ thinking: { type: 'adaptive' }, effort: 'low', on: true });
    expect(none.warnings.map((warning) => warning.parameter)).toEqual(['reasoning_effort']);
  });

  it('keeps budget thinking on through a tool turn whose reasoning_details came back', () => {
    expect(plan('claude-sonnet-4-5', { reasoning_effort: 'high', messages: toolLoop({ reasoning_details: signed }) })).toMatchObject({ on: true, warnings: [] });
  });

  it('switches it off, with a warning, only for a tool turn in progress that lost them', () => {
    const lost = plan('claude-sonnet-4-5', { reasoning_effort: 'high', messages: toolLoop({}) });
    expect(lost).toMatchObject({ thinking: { type: 'disabled' }, on: false });
    expect(lost.warnings.map((warning) => warning.parameter)).toEqual(['reasoning_effort']);
    const finished = toolLoop({}, [{ role: 'assistant', content: 'Done.' }, { role: 'user', content: 'Next question' }]);
    expect(plan('claude-sonnet-4-5', { reasoning_effort: 'high', messages: finished })).toMatchObject({ on: true });
  });
});
