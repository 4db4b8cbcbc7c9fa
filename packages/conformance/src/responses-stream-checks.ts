import { expect } from '@jest/globals';
import { SseParser } from '@modelgate/core';

/** One Responses stream event as the client got it. */
export type ResponsesEvent = Record<string, unknown> & { readonly type: string; readonly sequence_number: number };

export interface AssembledResponse {
  readonly events: readonly ResponsesEvent[];
  /** The final response of the terminal event. */
  readonly response: Record<string, unknown> & { output: Array<Record<string, unknown>>; usage: Record<string, unknown> };
  /** The text the output_text deltas spelled. */
  readonly text: string;
}

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * A Responses event stream checked against the rules clients rely on (PROTOCOLS B.3, C.6): each
 * `event:` line names its payload's type; `sequence_number`s run 0, 1, 2…; `response.created` and
 * `response.in_progress` open it and one terminal event closes it; every item is added, then done,
 * before the next is added, at consecutive output indexes; the terminal response lists exactly the
 * done items; the usage carries all five integers; text deltas add up to each part's done text.
 */
export function checkResponsesStream(body: string): AssembledResponse {
  const parser = new SseParser();
  const raw = [...parser.push(body), ...parser.end()];
  const events = raw.map((event) => {
    const payload = JSON.parse(event.data) as ResponsesEvent;
    expect({ event: event.event, type: payload.type }).toEqual({ event: payload.type, type: payload.type });
    return payload;
  });
  expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
  expect(events.slice(0, 2).map((event) => event.type)).toEqual(['response.created', 'response.in_progress']);
  const terminal = events.at(-1)!;
  expect(TERMINAL.has(terminal.type)).toBe(true);
  expect(events.slice(0, -1).filter((event) => TERMINAL.has(event.type))).toEqual([]);

  const done: Array<Record<string, unknown>> = [];
  let open: number | undefined;
  let text = '';
  let partText = '';
  for (const event of events) {
    if (event.type === 'response.output_item.added') {
      expect({ open, index: event.output_index }).toEqual({ open: undefined, index: done.length });
      open = event.output_index as number;
    } else if (event.type === 'response.output_item.done') {
      expect(event.output_index).toBe(open);
      open = undefined;
      done.push(event.item as Record<string, unknown>);
    } else if (event.type === 'response.output_text.delta') {
      expect(event.output_index).toBe(open);
      partText += event.delta as string;
      text += event.delta as string;
    } else if (event.type === 'response.output_text.done') {
      expect(event.text).toBe(partText);
      partText = '';
    }
  }
  expect(open).toBeUndefined();
  const response = terminal.response as AssembledResponse['response'];
  expect(response.output).toEqual(done);
  expect(response.usage).toEqual({
    input_tokens: expect.any(Number),
    input_tokens_details: { cached_tokens: expect.any(Number) },
    output_tokens: expect.any(Number),
    output_tokens_details: { reasoning_tokens: expect.any(Number) },
    total_tokens: expect.any(Number),
  });
  return { events, response, text };
}
