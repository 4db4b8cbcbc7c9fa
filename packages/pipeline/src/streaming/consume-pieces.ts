import type { Readable } from 'node:stream';

function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/**
 * Hands each piece of a stream to `onPiece` as it arrives and settles when the stream ends: what a
 * relay needs from `for await`, without an async iterator's promise and microtask per piece. A
 * promise returned by `onPiece` (a client slower than the upstream) pauses the stream until it
 * settles. It rejects with the stream's error, with ERR_STREAM_PREMATURE_CLOSE when the stream
 * closes before its end, or with what `onPiece` threw; the stream is then destroyed, as leaving a
 * `for await` loop destroys it.
 */
export function consumePieces(stream: Readable, onPiece: (piece: Buffer) => Promise<unknown> | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error === undefined) {
        resolve();
        return;
      }
      if (!stream.destroyed) stream.destroy();
      reject(error);
    };
    const onData = (piece: Buffer): void => {
      let waiting: Promise<unknown> | undefined;
      try {
        waiting = onPiece(piece);
      } catch (error) {
        settle(error);
        return;
      }
      if (!waiting) return;
      stream.pause();
      waiting.then(
        () => {
          if (!settled) stream.resume();
        },
        (error: unknown) => settle(error),
      );
    };
    const onEnd = (): void => settle();
    const onError = (error: Error): void => settle(error);
    // 'close' after 'end' never reaches here (settle ran); before it, the stream was cut short.
    const onClose = (): void => settle(stream.errored ?? prematureClose());
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
