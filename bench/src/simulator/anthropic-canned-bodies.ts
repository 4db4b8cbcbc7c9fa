import { formatSseEvent } from '@modelgate/core';
import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE } from './canned-text.js';

const message = { id: 'msg_bench', type: 'message', role: 'assistant', model: 'claude-bench', stop_sequence: null };

/** A complete Messages API answer. */
export const ANTHROPIC_MESSAGE_JSON = JSON.stringify({
  ...message,
  content: [{ type: 'text', text: CANNED_TEXT }],
  stop_reason: 'end_turn',
  usage: CANNED_USAGE,
});

function event(type: string, payload: object): string {
  return formatSseEvent(type, JSON.stringify({ type, ...payload }));
}

/** The first event of the Messages stream; the hold mode sends only this. */
export const ANTHROPIC_FIRST_EVENT = event('message_start', {
  message: { ...message, content: [], stop_reason: null, usage: { input_tokens: CANNED_USAGE.input_tokens, output_tokens: 1 } },
});

/** A whole Messages stream, framed as Anthropic frames it. */
export const ANTHROPIC_MESSAGE_STREAM =
  ANTHROPIC_FIRST_EVENT +
  event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
  event('ping', {}) +
  CANNED_DELTAS.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })).join('') +
  event('content_block_stop', { index: 0 }) +
  event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: CANNED_USAGE.output_tokens } }) +
  event('message_stop', {});
