import type { AnthropicStopReason, FinishReason } from '@modelgate/core';

/** PROTOCOLS F.7. Typed over every stop reason, so a new one is a compile error here. */
const FINISH_REASON_BY_STOP_REASON: Readonly<Record<AnthropicStopReason, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** Anthropic `stop_reason` → OpenAI `finish_reason`; a missing or unknown reason counts as `stop`. */
export function mapAnthropicFinishReason(stopReason: string | null | undefined): FinishReason {
  return (FINISH_REASON_BY_STOP_REASON as Readonly<Record<string, FinishReason>>)[stopReason ?? ''] ?? 'stop';
}
