import { write } from 'node:fs';

/** Lines waiting beyond this (a log reader that stopped reading) are dropped and counted. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** A non-blocking descriptor that is full (EAGAIN) is tried again after this. */
const RETRY_MS = 50;

/**
 * Where the gateway's JSON log lines go: a file descriptor (stdout), written asynchronously, one
 * write at a time with the lines queued meanwhile, so logging never blocks a request. Whatever
 * happens to the descriptor (a closed pipe, a terminal gone: EPIPE, EIO, …) logging stops quietly
 * instead of throwing, and nothing here keeps the process from exiting: pino's own destination
 * retries a closed pipe forever in its exit handler, which kept the gateway alive after SIGTERM.
 */
export class LogDestination {
  private pending: string[] = [];
  private pendingBytes = 0;
  private writing = false;
  private broken = false;
  private dropped = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly fd: number) {}

  /** pino's destination interface: one serialized line. */
  write(line: string): void {
    if (this.broken) return;
    if (this.pendingBytes + line.length > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (!this.writing) this.writeQueued();
  }

  /** Resolves once every line so far is written, or the descriptor broke, or after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      // Keeps the process alive meanwhile (bounded): the retries of a full descriptor do not.
      const timer = setTimeout(done, timeoutMs);
      this.waiting.add(done);
    });
  }

  private isIdle(): boolean {
    return this.broken || (!this.writing && this.pending.length === 0);
  }

  private writeQueued(): void {
    if (this.dropped > 0) {
      this.pending.unshift(`${JSON.stringify({ level: 40, time: Date.now(), service: 'modelgate', msg: 'log lines dropped: the log reader was not keeping up', dropped: this.dropped })}\n`);
      this.dropped = 0;
    }
    const buffer = Buffer.from(this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
    this.writing = true;
    this.writeBuffer(buffer);
  }

  private writeBuffer(buffer: Buffer): void {
    write(this.fd, buffer, 0, buffer.length, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.writeBuffer(buffer), RETRY_MS).unref();
          return;
        }
        this.stop();
        return;
      }
      if (written < buffer.length) return this.writeBuffer(buffer.subarray(written));
      this.writing = false;
      if (this.pending.length > 0) this.writeQueued();
      else this.notifyIdle();
    });
  }

  private stop(): void {
    this.broken = true;
    this.writing = false;
    this.pending = [];
    this.pendingBytes = 0;
    this.notifyIdle();
  }

  private notifyIdle(): void {
    for (const done of [...this.waiting]) done();
  }
}
