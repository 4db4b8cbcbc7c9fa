import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '@modelgate/core';
import { ResponsesStreamTracker } from './responses-stream-tracker.js';

const COMPLETED_USAGE = { input_tokens: 12, input_tokens_details: { cached_tokens: 4 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 3 }, total_tokens: 19 };

function failureData(tracker: ResponsesStreamTracker): Record<string, unknown> {
  const text = tracker.failureEvent(new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_protocol_error', message: 'cut' }));
  return JSON.parse(text.split('\n').find((line) => line.startsWith('data: '))!.slice('data: '.length)) as Record<string, unknown>;
}

describe('ResponsesStreamTracker', () => {
  it('numbers its own error event one past the last sequence_number of the named deltas, which it only scans', () => {
    const tracker = new ResponsesStreamTracker();
    tracker.observe({ event: 'response.created', data: '{"type":"response.created","sequence_number":0,"response":{"id":"resp_1"}}' });
    tracker.observe({ event: 'response.output_text.delta', data: '{"type":"response.output_text.delta","delta":"{\\"sequence_number\\":99}","sequence_number":1}' });
    tracker.observe({ event: 'response.output_text.delta', data: '{ "type" : "response.output_text.delta", "sequence_number" : 2 , "delta":"x"}' });
    expect(tracker.ended).toBe(false);
    expect(failureData(tracker)).toMatchObject({ type: 'error', code: 'upstream_protocol_error', sequence_number: 3 });
  });

  it('refuses a named delta whose data is not one JSON object, truncated or otherwise', () => {
    for (const data of ['not json', '{"type":"response.output_text.delta","delta":"cut', '{"a":1} trailing']) {
      const tracker = new ResponsesStreamTracker();
      expect(() => tracker.observe({ event: 'response.output_text.delta', data })).toThrow('Responses stream event whose data is not JSON');
    }
  });

  it('reads the terminal event in full: its usage, named or only typed in its data', () => {
    for (const event of ['response.completed', undefined]) {
      const tracker = new ResponsesStreamTracker();
      tracker.observe({ event, data: JSON.stringify({ type: 'response.completed', sequence_number: 5, response: { usage: COMPLETED_USAGE } }) });
      expect(tracker.ended).toBe(true);
      expect(tracker.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
    }
  });

  it('takes the upstream error event as terminal, and a chat-style [DONE] after it as nothing', () => {
    const tracker = new ResponsesStreamTracker();
    tracker.observe({ event: 'error', data: '{"type":"error","code":"server_error","message":"boom","sequence_number":4}' });
    tracker.observe({ data: ' [DONE] ' });
    expect(tracker.ended).toBe(true);
    expect(failureData(tracker).sequence_number).toBe(5);
  });
});
