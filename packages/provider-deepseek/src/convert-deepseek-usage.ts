import type { CompletionUsage } from '@modelgate/core';

/**
 * DeepSeek counts prompt cache hits as `prompt_cache_hit_tokens` (+ `prompt_cache_miss_tokens` =
 * `prompt_tokens`); OpenAI's clients and the gateway's cost read `prompt_tokens_details.cached_tokens`,
 * priced at the model's `cachedInput` (the cache-hit price) with the rest at `input` (the miss price).
 * Reasoning tokens already arrive as `completion_tokens_details.reasoning_tokens`. Returns the very
 * usage when nothing is to add.
 */
export function convertDeepSeekUsage(usage: CompletionUsage): CompletionUsage {
  const hits = (usage as { prompt_cache_hit_tokens?: unknown }).prompt_cache_hit_tokens;
  if (typeof hits !== 'number' || usage.prompt_tokens_details?.cached_tokens !== undefined) return usage;
  return { ...usage, prompt_tokens_details: { ...usage.prompt_tokens_details, cached_tokens: hits } };
}
