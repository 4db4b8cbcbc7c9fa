import { formatSseComment } from '@modelgate/core';

/** The comment written while the upstream is silent; every SSE client ignores it. */
export const SSE_KEEP_ALIVE = formatSseComment('keep-alive');

/**
 * Writes `: keep-alive` whenever nothing was written for `intervalMs`, so clients with idle
 * time-outs keep waiting on a slow upstream. Call `touch()` after every write and `stop()` at the end.
 */
export class SseKeepAlive {
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs: number, write: (comment: string) => void) {
    this.timer = setTimeout(() => {
      write(SSE_KEEP_ALIVE);
      this.timer.refresh();
    }, intervalMs);
    this.timer.unref();
  }

  touch(): void {
    this.timer.refresh();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
