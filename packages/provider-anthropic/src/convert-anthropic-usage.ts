import type { CompletionUsage } from '@modelgate/core';
import type { AnthropicUsage } from './anthropic-messages-api-types.js';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * PROTOCOLS F.8: Anthropic's `input_tokens` counts only uncached input, so cache reads and writes
 * are added into `prompt_tokens`; cache reads are also `cached_tokens` (a subset, as at OpenAI).
 */
export function convertAnthropicUsage(usage: AnthropicUsage): CompletionUsage {
  const cacheRead = count(usage.cache_read_input_tokens);
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const promptTokens = count(usage.input_tokens) + cacheRead + cacheWrite;
  const completionTokens = count(usage.output_tokens);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cacheRead, cache_write_tokens: cacheWrite },
    completion_tokens_details: { reasoning_tokens: count(usage.output_tokens_details?.thinking_tokens) },
  };
}

/** Streams report input counts in `message_start` and cumulative counts in `message_delta`; later non-null values win. */
export function mergeAnthropicUsage(earlier: AnthropicUsage, later: AnthropicUsage): AnthropicUsage {
  const merged: AnthropicUsage = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
