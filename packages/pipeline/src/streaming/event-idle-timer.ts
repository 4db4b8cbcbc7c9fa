import type { Readable } from 'node:stream';
import { upstreamTimeoutFailure } from '../transport/upstream-transport-errors.js';

/**
 * Fails an upstream stream that sends no event for `ms` (`upstream.streamIdleTimeoutMs`). Only
 * events count as progress: SSE comments and blank lines (keep-alives some vendors send under
 * load) do not, so a stream kept open by comments alone still ends, with a 504-class error event.
 */
export class EventIdleTimer {
  private readonly timer: NodeJS.Timeout;

  constructor(upstream: Readable, ms: number) {
    this.timer = setTimeout(() => upstream.destroy(upstreamTimeoutFailure('stream event', ms)), ms);
    this.timer.unref();
  }

  /** An event arrived: the wait starts again (one timer per stream, re-armed, not one per event). */
  touch(): void {
    this.timer.refresh();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
