import { completionUsageFromAnthropic, type AnthropicUsage, type AnthropicUsageFields, type CompletionUsage } from '@modelgate/core';

/** PROTOCOLS F.8 (the conversion lives in core: the Messages front's pass-through accounts the same way). */
export function convertAnthropicUsage(usage: AnthropicUsageFields): CompletionUsage {
  return completionUsageFromAnthropic(usage);
}

/** Streams report input counts in `message_start` and cumulative counts in `message_delta`; later non-null values win. */
export function mergeAnthropicUsage(earlier: Partial<AnthropicUsage>, later: Partial<AnthropicUsage>): Partial<AnthropicUsage> {
  const merged: Partial<AnthropicUsage> = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
