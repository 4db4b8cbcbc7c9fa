import { upstreamProtocolError, type UpstreamStreamDecoderV1 } from '@modelgate/core';

/** Bedrock's stream exceptions (InvokeModelWithResponseStream, ResponseStream members) as Anthropic's error types. */
const ANTHROPIC_ERROR_TYPE: Readonly<Record<string, string>> = {
  throttlingException: 'rate_limit_error',
  serviceUnavailableException: 'overloaded_error',
  modelStreamErrorException: 'api_error',
  internalServerException: 'api_error',
  modelTimeoutException: 'timeout_error',
  validationException: 'invalid_request_error',
};

function sse(type: string, json: string): string {
  return `event: ${type}\ndata: ${json}\n\n`;
}

/** Complete messages off the front of `pending` (each starts with its total length, big-endian), and what is left. */
function splitMessages(pending: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let offset = 0;
  while (pending.length - offset >= 4) {
    const length = pending.readUInt32BE(offset);
    if (length < 16) throw upstreamProtocolError('Bedrock sent an event stream message shorter than its prelude.');
    if (pending.length - offset < length) break;
    messages.push(pending.subarray(offset, offset + length));
    offset += length;
  }
  return { messages, rest: pending.subarray(offset) };
}

/**
 * `application/vnd.amazon.eventstream` (AWS event stream encoding: each message a prelude with its
 * total and headers lengths and their CRC32, headers, payload, and a CRC32 of the whole) to the
 * Anthropic SSE that the Messages relay and the Anthropic stream translator read, message by
 * message as they arrive. A `chunk` event's payload is `{"bytes": base64}` of one Anthropic event;
 * an exception message becomes Anthropic's `error` event. `@smithy/eventstream-codec` checks both
 * CRCs; a mismatch, or a stream that ends inside a message, ends the stream with an error.
 */
export function createBedrockEventStreamDecoder(): UpstreamStreamDecoderV1 {
  return {
    async *decode(body) {
      const [{ EventStreamCodec }, { fromUtf8, toUtf8 }] = await Promise.all([import('@smithy/eventstream-codec'), import('@smithy/util-utf8')]);
      const codec = new EventStreamCodec(toUtf8, fromUtf8);
      let pending = Buffer.alloc(0);
      for await (const piece of body) {
        const split = splitMessages(Buffer.concat([pending, piece]));
        pending = Buffer.from(split.rest);
        for (const bytes of split.messages) {
          let message;
          try {
            message = codec.decode(bytes);
          } catch (error) {
            throw upstreamProtocolError('Bedrock sent an event stream message that failed its checksum.', error);
          }
          const kind = message.headers[':message-type']?.value;
          const text = toUtf8(message.body);
          if (kind === 'event' && message.headers[':event-type']?.value === 'chunk') {
            const event = Buffer.from((JSON.parse(text) as { bytes?: string }).bytes ?? '', 'base64').toString('utf8');
            yield sse((JSON.parse(event) as { type: string }).type, event);
          } else if (kind === 'exception' || kind === 'error') {
            const name = String(message.headers[':exception-type']?.value ?? message.headers[':error-code']?.value ?? 'internalServerException');
            const said = (JSON.parse(text || '{}') as { message?: string }).message ?? name;
            yield sse('error', JSON.stringify({ type: 'error', error: { type: ANTHROPIC_ERROR_TYPE[name] ?? 'api_error', message: said } }));
          }
        }
      }
      if (pending.length > 0) throw upstreamProtocolError('Bedrock closed the event stream inside a message.');
    },
  };
}
