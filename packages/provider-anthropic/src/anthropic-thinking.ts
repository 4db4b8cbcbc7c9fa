import type { AnthropicEffort, AnthropicThinkingConfig, CallContextV1, ChatCompletionRequest, ChatMessage, ReasoningEffort } from '@modelgate/core';
import type { AnthropicModelTraits } from './anthropic-models.js';
import { thinkingBlocksFrom } from './anthropic-reasoning-details.js';
import type { AnthropicThinkingBudgets } from './anthropic-settings.js';

/** How this request thinks, decided once for the whole translation. */
export interface ThinkingPlan {
  readonly thinking?: AnthropicThinkingConfig;
  /** `output_config.effort`, for adaptive models. */
  readonly effort?: AnthropicEffort;
  /** Anthropic thinks on this request: sampling goes, forced tools cannot be honoured, history carries its thinking. */
  readonly on: boolean;
}

const EFFORTS: Readonly<Record<Exclude<ReasoningEffort, 'none'>, AnthropicEffort>> = { minimal: 'low', low: 'low', medium: 'medium', high: 'high', xhigh: 'xhigh', max: 'max' };

/**
 * The assistant messages of the turn in progress: those before a closing run of user and tool
 * messages that holds a tool result. With budget thinking Anthropic wants that turn to open with its
 * thinking blocks (PROTOCOLS D.2); earlier, finished turns need none.
 */
function toolTurnInProgress(messages: readonly ChatMessage[]): ChatMessage[] {
  const spoken = messages.filter((message) => message.role !== 'system' && message.role !== 'developer');
  let end = spoken.length;
  while (end > 0 && (spoken[end - 1]!.role === 'user' || spoken[end - 1]!.role === 'tool')) end--;
  if (!spoken.slice(end).some((message) => message.role === 'tool')) return [];
  let start = end;
  while (start > 0 && spoken[start - 1]!.role === 'assistant') start--;
  return spoken.slice(start, end);
}

function lostItsThinking(turn: readonly ChatMessage[]): boolean {
  const first = turn[0];
  return first?.role === 'assistant' && thinkingBlocksFrom(first.reasoning_details).length === 0;
}

function budgetThinking(effort: Exclude<ReasoningEffort, 'none'>, request: ChatCompletionRequest, budgets: AnthropicThinkingBudgets, call: CallContextV1): ThinkingPlan {
  // OpenAI clients that drop `reasoning_details` send the tool turn in progress without the thinking
  // Anthropic requires back (PROTOCOLS F.12): that one request is answered without thinking.
  if (lostItsThinking(toolTurnInProgress(request.messages))) {
    call.warn({ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: 'the tool turn in progress came back without its reasoning_details (thinking blocks)' });
    return { thinking: { type: 'disabled' }, on: false };
  }
  return { thinking: { type: 'enabled', budget_tokens: budgets[effort] }, on: true };
}

/**
 * `reasoning_effort` as the model takes it (README, "Thinking"): a budget on budget models, adaptive
 * thinking with an effort on newer ones, and on models whose thinking is always on, the lowest
 * effort for `none` (with a warning, since it cannot be turned off).
 */
export function planThinking(request: ChatCompletionRequest, traits: AnthropicModelTraits, budgets: AnthropicThinkingBudgets, call: CallContextV1): ThinkingPlan {
  const effort = request.reasoning_effort ?? undefined;
  if (traits.thinking === 'always-on') {
    if (effort === undefined) return { on: true };
    if (effort === 'none') call.warn({ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: 'this model always thinks; it is sent the lowest effort instead' });
    return { thinking: { type: 'adaptive' }, effort: effort === 'none' ? 'low' : EFFORTS[effort], on: true };
  }
  if (effort === undefined) return { on: false };
  if (effort === 'none') return { thinking: { type: 'disabled' }, on: false };
  if (traits.thinking === 'adaptive') return { thinking: { type: 'adaptive' }, effort: EFFORTS[effort], on: true };
  return budgetThinking(effort, request, budgets, call);
}
