import { Writable } from 'node:stream';

/** Calls `done` once the target drains, or closes (a client gone never drains). */
function waitForDrainOrClose(target: Writable, done: () => void): void {
  if (target.destroyed) {
    done();
    return;
  }
  const settle = (): void => {
    target.off('drain', settle);
    target.off('close', settle);
    done();
  };
  target.once('drain', settle);
  target.once('close', settle);
}

/**
 * The client's stream, held: what the relay writes waits here until `release()` opens the real
 * output (status and headers go out then) and pours it in, and everything after flows straight
 * through, with back-pressure. Ended before it was released, it opens nothing and what it held is
 * dropped: the answer never started, so the pipeline may still answer with a status, or retry.
 */
export class HoldingOutput extends Writable {
  private target: Writable | undefined;
  private held: Buffer[] = [];

  constructor(private readonly open: () => Writable) {
    super();
  }

  get released(): boolean {
    return this.target !== undefined;
  }

  /** Opens the client's answer (once) and writes what was held. */
  release(): void {
    if (this.target || this.destroyed) return;
    this.target = this.open();
    for (const piece of this.held) this.target.write(piece);
    this.held = [];
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.target) {
      this.held.push(chunk);
      callback();
      return;
    }
    if (this.target.write(chunk)) callback();
    else waitForDrainOrClose(this.target, callback);
  }

  // The client's response fails its end (EPIPE, a reset) when the client has just gone: that is the
  // exchange's to see (the response's 'close'), not an error of this stream's, which nobody awaits.
  override _final(callback: (error?: Error | null) => void): void {
    this.held = [];
    if (this.target) this.target.end(() => callback());
    else callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.held = [];
    this.target?.destroy(error ?? undefined);
    callback(error);
  }
}
