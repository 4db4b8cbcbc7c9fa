import type { CompletionUsage, GoogleUsageMetadata } from '@modelgate/core';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * PROTOCOLS E.3, F.8: `promptTokenCount` already includes cached tokens (`cached_tokens` is their
 * subset) and tool-use prompt tokens are prompt tokens too; thought tokens are completion tokens
 * Gemini counts apart (`candidatesTokenCount` excludes them), reported as `reasoning_tokens`.
 */
export function convertGoogleUsage(usage: GoogleUsageMetadata): CompletionUsage {
  const promptTokens = count(usage.promptTokenCount) + count(usage.toolUsePromptTokenCount);
  const reasoningTokens = count(usage.thoughtsTokenCount);
  const completionTokens = count(usage.candidatesTokenCount) + reasoningTokens;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: Math.min(count(usage.cachedContentTokenCount), promptTokens) },
    completion_tokens_details: { reasoning_tokens: reasoningTokens },
  };
}

/** Streams repeat cumulative usage and may omit a field they sent before: a known field is never overwritten by a missing one (E.4). */
export function mergeGoogleUsage(earlier: GoogleUsageMetadata, later: GoogleUsageMetadata | undefined): GoogleUsageMetadata {
  const merged: GoogleUsageMetadata = { ...earlier };
  for (const [key, value] of Object.entries(later ?? {})) {
    if (typeof value === 'number') merged[key] = value;
  }
  return merged;
}
