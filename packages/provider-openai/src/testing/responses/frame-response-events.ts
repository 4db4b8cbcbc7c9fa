import { formatSseEvent } from '@modelgate/core';
import type { VendorErrorFormat } from '@modelgate/testkit';
import { openAiErrorFormat } from '@modelgate/provider-openai-compatible/testing';
import type { ResponseEventBody } from './build-response-events.js';

const DEFAULT_STREAM_ERROR = 'The server had an error while processing your request. Sorry about that!';

/**
 * Numbers and frames Responses events (`event: <type>` + `data: <json>`, `sequence_number` from 0),
 * and spells stream faults the way the Responses API does: a mid-stream failure is an `error` event
 * carrying the next sequence number.
 */
export class ResponseEventFramer {
  private sequenceNumber = 0;

  /** The counter moves on only when the consumer asks for the next event, i.e. after it wrote this one. */
  *frame(events: Iterable<ResponseEventBody>): Generator<string> {
    for (const event of events) {
      yield this.format(event);
      this.sequenceNumber++;
    }
  }

  readonly errorFormat: VendorErrorFormat = {
    errorBody: openAiErrorFormat.errorBody,
    midStreamErrorEvent: (message) => this.format({ type: 'error', code: 'server_error', message: message ?? DEFAULT_STREAM_ERROR, param: null }),
    malformedEvent: 'event: response.output_text.delta\ndata: {not json\n\n',
  };

  private format(event: ResponseEventBody): string {
    const { type, ...payload } = event;
    return formatSseEvent(type, JSON.stringify({ type, sequence_number: this.sequenceNumber, ...payload }));
  }
}
