import type { AnthropicStopDetails } from '@modelgate/core';

/** What `message.refusal` says when Anthropic gives no explanation. */
export const DEFAULT_REFUSAL = 'Claude declined to continue this response (stop_reason: refusal).';

/** The client-facing refusal for a `refusal` stop: Anthropic's explanation when it sent one (`stop_details`). */
export function anthropicRefusal(details: AnthropicStopDetails | null | undefined): string {
  const explanation = details?.explanation;
  return typeof explanation === 'string' && explanation.trim() !== '' ? explanation : DEFAULT_REFUSAL;
}
