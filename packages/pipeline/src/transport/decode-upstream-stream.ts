import { Readable } from 'node:stream';
import type { UpstreamStreamDecoderV1 } from '@modelgate/core';
import type { UpstreamReply } from './upstream-transport.js';

async function* asBuffers(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const piece of pieces) yield Buffer.from(piece);
}

/**
 * A successful stream in a framing of the vendor's own, as the SSE the relays read: the provider's
 * decoder runs on the bytes as they arrive (no buffering); destroying the decoded body (the client
 * left) ends the decoder and destroys the upstream's body with it.
 */
export function decodeUpstreamStream(reply: UpstreamReply, stream: boolean, decoder: UpstreamStreamDecoderV1 | undefined): UpstreamReply {
  if (!stream || decoder === undefined || reply.status < 200 || reply.status >= 300) return reply;
  return { ...reply, body: Readable.from(asBuffers(decoder.decode(reply.body)), { objectMode: false }) };
}
