import type { Readable } from 'node:stream';

/** `readStreamBytes` met more than its limit: the stream has been destroyed. */
export class StreamLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
  }
}

function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/**
 * Every byte of a stream, counted as they arrive: past `limit` the stream is destroyed at once
 * (nothing more is read) and the promise rejects with StreamLimitExceeded. A stream that fails, or
 * closes before its end, rejects with that error. Plain listeners rather than `for await`: a body
 * is read on every request, and the async iterator costs a promise per chunk and more set-up.
 */
export function readStreamBytes(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop();
        stream.destroy();
        reject(new StreamLimitExceeded(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    // 'close' after 'end' never reaches here (stop ran); before it, the body was cut short.
    const onClose = (): void => {
      stop();
      reject(stream.errored ?? prematureClose());
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
