import type { Readable } from 'node:stream';
import { consumePieces } from '../streaming/consume-pieces.js';

/** `readStreamBytes` met more than its limit: the stream has been destroyed. */
export class StreamLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/**
 * Every byte of a stream, counted as they arrive: past `limit` the stream is destroyed at once
 * (nothing more is read) and the promise rejects with StreamLimitExceeded. A stream that fails, or
 * closes before its end, rejects with that error.
 */
export async function readStreamBytes(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  await consumePieces(stream, (chunk) => {
    size += chunk.length;
    if (size > limit) throw new StreamLimitExceeded(limit);
    chunks.push(chunk);
    return undefined;
  });
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
