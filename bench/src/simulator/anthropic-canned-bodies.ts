import { formatSseEvent } from '@modelgate/core';
import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE, openingThroughFirstDelta, type CannedUsage } from './canned-text.js';

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

const messageStart = event('message_start', {
  message: { ...message, content: [], stop_reason: null, usage: { input_tokens: CANNED_USAGE.input_tokens, output_tokens: 1 } },
});

/** The events of a Messages stream, framed as Anthropic frames them: one `content_block_delta` per text delta. */
export function anthropicMessageStreamEvents(deltas: readonly string[], usage: CannedUsage): string[] {
  return [
    messageStart,
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
    ...deltas.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }),
    event('message_stop', {}),
  ];
}

const shortStream = anthropicMessageStreamEvents(CANNED_DELTAS, CANNED_USAGE);

/** A whole (short) Messages stream. */
export const ANTHROPIC_MESSAGE_STREAM = shortStream.join('');

/** `message_start` through the first text delta: what a held stream sends. */
export const ANTHROPIC_MESSAGE_OPENING = openingThroughFirstDelta(shortStream);
