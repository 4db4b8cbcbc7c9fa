import { formatSseData, SSE_DONE } from '@modelgate/core';
import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE, openingThroughFirstDelta, type CannedUsage } from './canned-text.js';

const identity = { id: 'chatcmpl-bench', created: 1_700_000_000, model: 'gpt-bench', system_fingerprint: 'fp_bench' };

function chatUsage(usage: CannedUsage) {
  return { prompt_tokens: usage.input_tokens, completion_tokens: usage.output_tokens, total_tokens: usage.input_tokens + usage.output_tokens };
}

/** A complete `chat.completion` object. */
export const OPENAI_CHAT_JSON = JSON.stringify({
  ...identity,
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: CANNED_TEXT, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: chatUsage(CANNED_USAGE),
});

function chunk(delta: object, finishReason: string | null, usage: CannedUsage | null = null): string {
  const choices = usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }];
  return formatSseData(JSON.stringify({ ...identity, object: 'chat.completion.chunk', choices, usage: usage ? chatUsage(usage) : null }));
}

/** The events of a chat stream, each framed: role, one chunk per text delta, finish, usage and `[DONE]`. */
export function openaiChatStreamEvents(deltas: readonly string[], usage: CannedUsage): string[] {
  return [chunk({ role: 'assistant', content: '', refusal: null }, null), ...deltas.map((content) => chunk({ content }, null)), chunk({}, 'stop'), chunk({}, null, usage), SSE_DONE];
}

const shortStream = openaiChatStreamEvents(CANNED_DELTAS, CANNED_USAGE);

/** A whole (short) chat stream. */
export const OPENAI_CHAT_STREAM = shortStream.join('');

/** The role chunk and the first text chunk: what a held stream sends. */
export const OPENAI_CHAT_OPENING = openingThroughFirstDelta(shortStream);
