import type {
  AnthropicRedactedThinkingBlock,
  AnthropicRedactedThinkingBlockParam,
  AnthropicThinkingBlock,
  AnthropicThinkingBlockParam,
  ReasoningDetail,
  ReasoningEncryptedDetail,
} from '@modelgate/core';

/** The `format` of the details this provider hands out and takes back (OpenRouter's name for Claude's). */
export const ANTHROPIC_REASONING_FORMAT = 'anthropic-claude-v1';

/** A thinking or redacted-thinking block as the hub's `reasoning_details` entry at `index`. */
export function toReasoningDetail(block: AnthropicThinkingBlock | AnthropicRedactedThinkingBlock, index: number): ReasoningDetail {
  if (block.type === 'redacted_thinking') return { type: 'reasoning.encrypted', data: block.data, format: ANTHROPIC_REASONING_FORMAT, index };
  return { type: 'reasoning.text', text: block.thinking, signature: block.signature ?? null, format: ANTHROPIC_REASONING_FORMAT, index };
}

/**
 * Claude's own details that carry what Claude needs back (a signature, or redacted data). Only
 * details marked with Claude's format count: one without a format may be anyone's (a Gemini
 * signature `mg-gemini-1:…`, the gateway's `modelgate.1.` carriers, OpenAI's encrypted reasoning,
 * kept by a client that drops `format`), and Anthropic answers 400 "Invalid `signature` in
 * `thinking` block" on every later turn for a signature it did not issue (anthropic-sdk-python#1598).
 * The gateway marks every detail it hands out for Claude, so nothing of Claude's is lost.
 */
function isReplayable(detail: ReasoningDetail): boolean {
  if (detail.format !== ANTHROPIC_REASONING_FORMAT) return false;
  if (detail.type === 'reasoning.text') return typeof detail.signature === 'string' && detail.signature !== '';
  return detail.type === 'reasoning.encrypted' && typeof detail.data === 'string' && detail.data !== '';
}

/**
 * The thinking blocks an assistant message's `reasoning_details` stand for, in index order, ready to
 * open that assistant turn. Other vendors' details, details without a format, summaries, and
 * thinking without a signature (which Anthropic would reject) are left out.
 */
export function thinkingBlocksFrom(details: readonly ReasoningDetail[] | undefined): Array<AnthropicThinkingBlockParam | AnthropicRedactedThinkingBlockParam> {
  const replayable = (details ?? []).filter(isReplayable);
  const ordered = replayable.map((detail, position) => ({ detail, order: detail.index ?? position })).sort((left, right) => left.order - right.order);
  return ordered.map(({ detail }) =>
    detail.type === 'reasoning.text' ? { type: 'thinking', thinking: detail.text, signature: detail.signature! } : { type: 'redacted_thinking', data: (detail as ReasoningEncryptedDetail).data },
  );
}
