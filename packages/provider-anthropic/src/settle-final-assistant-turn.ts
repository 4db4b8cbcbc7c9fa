import type { SentAnthropicTurn } from './sent-anthropic-request.js';

/** The user turn that makes a trailing assistant message history instead of a prefill. */
export const CONTINUE_TURN: SentAnthropicTurn = { role: 'user', content: [{ type: 'text', text: 'Continue.' }] };

/**
 * What a trailing assistant message means (README, "A trailing assistant message"). Where a
 * prefill is allowed (the model takes one, and neither structured output nor thinking is on) it
 * is one, with trailing whitespace trimmed since Anthropic rejects it. Elsewhere it is history, as
 * it is at OpenAI: a `Continue.` user turn follows it and the model answers after it.
 */
export function settleFinalAssistantTurn(turns: SentAnthropicTurn[], prefill: boolean): void {
  const final = turns.at(-1);
  if (final?.role !== 'assistant') return;
  if (!prefill) {
    turns.push({ role: 'user', content: [...CONTINUE_TURN.content] });
    return;
  }
  const last = final.content.at(-1);
  if (last?.type !== 'text') return;
  const trimmed = last.text.trimEnd();
  if (trimmed === '') final.content.pop();
  else last.text = trimmed;
  if (final.content.length === 0) turns.pop();
}
