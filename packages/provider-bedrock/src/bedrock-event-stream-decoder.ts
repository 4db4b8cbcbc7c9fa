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

/** One decoded message of the event stream: its type headers and its payload as text. */
export interface EventStreamMessage {
  /** `:message-type`: `event`, `exception` or `error`. */
  readonly kind: string | undefined;
  /** `:event-type` of an event; `:exception-type` (or `:error-code`) of an exception. */
  readonly type: string | undefined;
  readonly text: string;
}

/**
 * `application/vnd.amazon.eventstream` (AWS event stream encoding: each message a prelude with its
 * total and headers lengths and their CRC32, headers, payload, and a CRC32 of the whole), message
 * by message as they arrive. `@smithy/eventstream-codec` checks both CRCs; a mismatch, or a stream
 * that ends inside a message, ends the stream with an error.
 */
export async function* readEventStream(body: AsyncIterable<Uint8Array>): AsyncGenerator<EventStreamMessage> {
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
      const kind = message.headers[':message-type']?.value as string | undefined;
      const typeHeader = kind === 'event' ? message.headers[':event-type'] : (message.headers[':exception-type'] ?? message.headers[':error-code']);
      yield { kind, type: typeHeader?.value === undefined ? undefined : String(typeHeader.value), text: toUtf8(message.body) };
    }
  }
  if (pending.length > 0) throw upstreamProtocolError('Bedrock closed the event stream inside a message.');
}

/**
 * InvokeModelWithResponseStream's event stream → the Anthropic SSE that the Messages relay and the
 * Anthropic stream translator read. A `chunk` event's payload is `{"bytes": base64}` of one
 * Anthropic event; an exception message becomes Anthropic's `error` event.
 */
export function createBedrockEventStreamDecoder(): UpstreamStreamDecoderV1 {
  return {
    async *decode(body) {
      for await (const message of readEventStream(body)) {
        if (message.kind === 'event' && message.type === 'chunk') {
          const event = Buffer.from((JSON.parse(message.text) as { bytes?: string }).bytes ?? '', 'base64').toString('utf8');
          yield sse((JSON.parse(event) as { type: string }).type, event);
        } else if (message.kind === 'exception' || message.kind === 'error') {
          const name = message.type ?? 'internalServerException';
          const said = (JSON.parse(message.text || '{}') as { message?: string }).message ?? name;
          yield sse('error', JSON.stringify({ type: 'error', error: { type: ANTHROPIC_ERROR_TYPE[name] ?? 'api_error', message: said } }));
        }
      }
    },
  };
}

/**
 * ConverseStream's event stream → SSE named by each event's type (`messageStart`,
 * `contentBlockDelta`, …, `metadata`) with its JSON payload; an exception becomes an `error` event
 * naming its type, which the Converse stream translator raises.
 */
export function createConverseEventStreamDecoder(): UpstreamStreamDecoderV1 {
  return {
    async *decode(body) {
      for await (const message of readEventStream(body)) {
        if (message.kind === 'event' && message.type !== undefined) yield sse(message.type, message.text || '{}');
        else if (message.kind === 'exception' || message.kind === 'error') {
          const said = (JSON.parse(message.text || '{}') as { message?: string }).message;
          yield sse('error', JSON.stringify({ exceptionType: message.type ?? 'internalServerException', message: said }));
        }
      }
    },
  };
}
