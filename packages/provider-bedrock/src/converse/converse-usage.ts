import { completionUsageFromAnthropic, type CompletionUsage, type FinishReason } from '@modelgate/core';
import type { ConverseStopReason, ConverseUsage } from './converse-api-types.js';

/**
 * Converse's `inputTokens` counts the uncached input and reports cache reads and writes beside it
 * (`cacheReadInputTokens`, `cacheWriteInputTokens`), Anthropic's way: the same conversion (PROTOCOLS F.8).
 */
export function convertConverseUsage(usage: Partial<ConverseUsage> | undefined): CompletionUsage {
  return completionUsageFromAnthropic({
    input_tokens: usage?.inputTokens,
    output_tokens: usage?.outputTokens,
    cache_read_input_tokens: usage?.cacheReadInputTokens,
    cache_creation_input_tokens: usage?.cacheWriteInputTokens,
  });
}

const FINISH_REASONS: Readonly<Record<ConverseStopReason, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  guardrail_intervened: 'content_filter',
  content_filtered: 'content_filter',
  // The model's output could not be parsed into text or a tool call: what came is returned as it ended.
  malformed_model_output: 'stop',
  malformed_tool_use: 'stop',
};

/** PROTOCOLS J.3: Converse's `stopReason` as a chat finish reason (an unknown one reads as `stop`). */
export function mapConverseStopReason(reason: string | undefined): FinishReason {
  return FINISH_REASONS[reason as ConverseStopReason] ?? 'stop';
}
