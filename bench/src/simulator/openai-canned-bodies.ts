import { formatSseData, SSE_DONE } from '@modelgate/core';
import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE } from './canned-text.js';

const identity = { id: 'chatcmpl-bench', created: 1_700_000_000, model: 'gpt-bench', system_fingerprint: 'fp_bench' };
const usage = {
  prompt_tokens: CANNED_USAGE.input_tokens,
  completion_tokens: CANNED_USAGE.output_tokens,
  total_tokens: CANNED_USAGE.input_tokens + CANNED_USAGE.output_tokens,
};

/** A complete `chat.completion` object. */
export const OPENAI_CHAT_JSON = JSON.stringify({
  ...identity,
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: CANNED_TEXT, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage,
});

function chunk(delta: object, finishReason: string | null, withUsage = false): string {
  const choices = withUsage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }];
  return formatSseData(JSON.stringify({ ...identity, object: 'chat.completion.chunk', choices, usage: withUsage ? usage : null }));
}

/** The first event of the chat stream (the role delta); the hold mode sends only this. */
export const OPENAI_CHAT_FIRST_EVENT = chunk({ role: 'assistant', content: '', refusal: null }, null);

/** A whole chat stream: role, text deltas, finish, usage and `[DONE]`. */
export const OPENAI_CHAT_STREAM =
  OPENAI_CHAT_FIRST_EVENT +
  CANNED_DELTAS.map((content) => chunk({ content }, null)).join('') +
  chunk({}, 'stop') +
  chunk({}, null, true) +
  SSE_DONE;
