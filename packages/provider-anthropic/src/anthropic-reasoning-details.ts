import type { ReasoningDetail, ReasoningEncryptedDetail } from '@modelgate/core';
import type { AnthropicRedactedThinkingBlock, AnthropicThinkingBlock } from './anthropic-messages-api-types.js';

/** The `format` of the details this provider hands out and takes back (OpenRouter's name for Claude's). */
export const ANTHROPIC_REASONING_FORMAT = 'anthropic-claude-v1';

/** A thinking or redacted-thinking block as the hub's `reasoning_details` entry at `index`. */
export function toReasoningDetail(block: AnthropicThinkingBlock | AnthropicRedactedThinkingBlock, index: number): ReasoningDetail {
  if (block.type === 'redacted_thinking') return { type: 'reasoning.encrypted', data: block.data, format: ANTHROPIC_REASONING_FORMAT, index };
  return { type: 'reasoning.text', text: block.thinking, signature: block.signature ?? null, format: ANTHROPIC_REASONING_FORMAT, index };
}

/** Claude's details, or details without a format that carry what Claude needs back (a signature, or redacted data). */
function isReplayable(detail: ReasoningDetail): boolean {
  const ours = detail.format === ANTHROPIC_REASONING_FORMAT || detail.format === undefined || detail.format === null;
  if (!ours) return false;
  if (detail.type === 'reasoning.text') return typeof detail.signature === 'string' && detail.signature !== '';
  return detail.type === 'reasoning.encrypted' && typeof detail.data === 'string' && detail.data !== '';
}

/**
 * The thinking blocks an assistant message's `reasoning_details` stand for, in index order, ready to
 * open that assistant turn. Other vendors' details, summaries, and thinking without a signature
 * (which Anthropic would reject) are left out.
 */
export function thinkingBlocksFrom(details: readonly ReasoningDetail[] | undefined): Array<AnthropicThinkingBlock | AnthropicRedactedThinkingBlock> {
  const replayable = (details ?? []).filter(isReplayable);
  const ordered = replayable.map((detail, position) => ({ detail, order: detail.index ?? position })).sort((left, right) => left.order - right.order);
  return ordered.map(({ detail }) =>
    detail.type === 'reasoning.text' ? { type: 'thinking', thinking: detail.text, signature: detail.signature! } : { type: 'redacted_thinking', data: (detail as ReasoningEncryptedDetail).data },
  );
}
