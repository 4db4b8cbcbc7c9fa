import type { Readable } from 'node:stream';
import { upstreamTimeoutFailure } from '../transport/upstream-transport-errors.js';

/**
 * Fails an upstream stream that sends no event for `ms` (`upstream.streamIdleTimeoutMs`). Only
 * events count as progress: SSE comments and blank lines (keep-alives some vendors send under
 * load) do not, so a stream kept open by comments alone still ends, with a 504-class error event.
 */
export class EventIdleTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly upstream: Readable,
    private readonly ms: number,
  ) {
    this.touch();
  }

  /** An event arrived. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.upstream.destroy(upstreamTimeoutFailure('stream event', this.ms)), this.ms);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
