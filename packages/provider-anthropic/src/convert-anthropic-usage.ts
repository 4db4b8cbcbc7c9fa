import { completionUsageFromAnthropic, type CompletionUsage } from '@modelgate/core';
import type { AnthropicUsage } from './anthropic-messages-api-types.js';

/** PROTOCOLS F.8 (the conversion lives in core: the Messages front's pass-through accounts the same way). */
export function convertAnthropicUsage(usage: AnthropicUsage): CompletionUsage {
  return completionUsageFromAnthropic(usage);
}

/** Streams report input counts in `message_start` and cumulative counts in `message_delta`; later non-null values win. */
export function mergeAnthropicUsage(earlier: AnthropicUsage, later: AnthropicUsage): AnthropicUsage {
  const merged: AnthropicUsage = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
