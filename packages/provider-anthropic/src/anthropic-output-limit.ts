import type { AnthropicThinkingConfig, CallContextV1, ChatCompletionRequest } from '@modelgate/core';
import type { AnthropicModelTraits } from './anthropic-models.js';

/** `max_tokens` when the client sends none, on non-streaming calls and on models not in the table (setting `defaultMaxTokens`). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 16_384;

export interface OutputLimit {
  readonly maxTokens: number;
  readonly thinking?: AnthropicThinkingConfig;
}

/**
 * `max_tokens` (required by Anthropic) and the thinking budget inside it (README, "Output limit").
 * Without a client limit: a stream may use the model's whole output limit; a non-streaming call
 * gets `defaultMaxTokens` (16384), since Anthropic counts `max_tokens` against the output-tokens
 * rate limit up front and a long non-streaming call risks time-outs. A budget is added on top of
 * what the client asked for, and the sum is capped at the model's limit, budget inside it.
 */
export function planOutputLimit(
  request: ChatCompletionRequest,
  traits: AnthropicModelTraits,
  thinking: AnthropicThinkingConfig | undefined,
  defaultMaxTokens: number,
  call: CallContextV1,
): OutputLimit {
  const ceiling = traits.maxOutputTokens ?? Number.POSITIVE_INFINITY;
  let requested = request.max_completion_tokens ?? request.max_tokens ?? undefined;
  if (requested !== undefined && requested > ceiling) {
    call.warn({ kind: 'value-clamped', parameter: request.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens', from: requested, to: ceiling });
    requested = ceiling;
  }
  const base = requested ?? (request.stream === true && traits.maxOutputTokens !== undefined ? ceiling : Math.min(defaultMaxTokens, ceiling));
  if (thinking?.type !== 'enabled') return { maxTokens: base, thinking };
  const maxTokens = Math.min(base + thinking.budget_tokens, ceiling);
  // Anthropic wants the budget below max_tokens; only a budget configured near the model's limit gets cut.
  return { maxTokens, thinking: { type: 'enabled', budget_tokens: Math.min(thinking.budget_tokens, maxTokens - 1) } };
}
