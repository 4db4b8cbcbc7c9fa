import { formatSseEvent } from '@modelgate/core';
import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE, openingThroughFirstDelta } from './canned-text.js';

const usage = {
  input_tokens: CANNED_USAGE.input_tokens,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: CANNED_USAGE.output_tokens,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: CANNED_USAGE.input_tokens + CANNED_USAGE.output_tokens,
};
const part = { type: 'output_text', text: CANNED_TEXT, annotations: [] };
const item = { id: 'msg_bench', type: 'message', status: 'completed', role: 'assistant', content: [part] };

function response(status: string, output: object[], withUsage: boolean): object {
  return { id: 'resp_bench', object: 'response', created_at: 1_700_000_000, status, model: 'gpt-bench', output, usage: withUsage ? usage : null };
}

/** A complete `response` object. */
export const RESPONSES_JSON = JSON.stringify(response('completed', [item], true));

/** A Responses event stream, each event framed and numbered from 0 as the API numbers it. */
function frameResponseEvents(events: readonly object[]): string[] {
  return events.map((payload, sequence_number) => {
    const { type } = payload as { type: string };
    return formatSseEvent(type, JSON.stringify({ ...payload, sequence_number }));
  });
}

const itemLocation = { item_id: 'msg_bench', output_index: 0, content_index: 0 };
const streamEvents = [
  { type: 'response.created', response: response('in_progress', [], false) },
  { type: 'response.in_progress', response: response('in_progress', [], false) },
  { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
  { type: 'response.content_part.added', ...itemLocation, part: { ...part, text: '' } },
  ...CANNED_DELTAS.map((delta) => ({ type: 'response.output_text.delta', ...itemLocation, delta, logprobs: [] })),
  { type: 'response.output_text.done', ...itemLocation, text: CANNED_TEXT, logprobs: [] },
  { type: 'response.content_part.done', ...itemLocation, part },
  { type: 'response.output_item.done', output_index: 0, item },
  { type: 'response.completed', response: response('completed', [item], true) },
];

const framedEvents = frameResponseEvents(streamEvents);

export const RESPONSES_STREAM = framedEvents.join('');

/** `response.created` through the first text delta: what a held stream sends. */
export const RESPONSES_OPENING = openingThroughFirstDelta(framedEvents);
