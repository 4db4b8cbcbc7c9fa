import type { CompletionUsage } from '../protocol/v1/usage.js';

/** Anthropic's usage fields, as its answers, events and count may carry them (any may be missing or null). */
export interface AnthropicUsageFields {
  readonly input_tokens?: unknown;
  readonly output_tokens?: unknown;
  readonly cache_read_input_tokens?: unknown;
  readonly cache_creation_input_tokens?: unknown;
  /** The writes split by time to live (a part of `cache_creation_input_tokens`). */
  readonly cache_creation?: { readonly ephemeral_5m_input_tokens?: unknown; readonly ephemeral_1h_input_tokens?: unknown } | null;
  readonly output_tokens_details?: { readonly thinking_tokens?: unknown } | null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * PROTOCOLS F.8: Anthropic's `input_tokens` counts only uncached input, so cache reads and writes
 * are added into `prompt_tokens`; cache reads are also `cached_tokens` (a subset, as at OpenAI) and
 * writes `cache_write_tokens` (billed at the cache-write price), of which the 1-hour writes are also
 * `cache_write_1h_tokens` (billed at their own price); thinking is reasoning. One
 * conversion for the provider's translation and the Messages front's pass-through accounting.
 */
export function completionUsageFromAnthropic(usage: AnthropicUsageFields): CompletionUsage {
  const cacheRead = count(usage.cache_read_input_tokens);
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const writeHour = Math.min(count(usage.cache_creation?.ephemeral_1h_input_tokens), cacheWrite);
  const promptTokens = count(usage.input_tokens) + cacheRead + cacheWrite;
  const completionTokens = count(usage.output_tokens);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cacheRead, cache_write_tokens: cacheWrite, ...(writeHour > 0 && { cache_write_1h_tokens: writeHour }) },
    completion_tokens_details: { reasoning_tokens: count(usage.output_tokens_details?.thinking_tokens) },
  };
}
