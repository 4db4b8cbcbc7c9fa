import type { Logger } from 'pino';
import type { GatewayStore } from '../store/gateway-store.js';
import type { UsageRecord } from './usage-record.js';

export interface UsageRecorderOptions {
  /** Written as soon as this many are waiting. */
  readonly batchSize?: number;
  /** Otherwise written at this interval. */
  readonly flushIntervalMs?: number;
  /** While the store is failing, at most this many wait in memory; the oldest are dropped (and logged). */
  readonly maxPending?: number;
}

/**
 * Collects usage records off the hot path and writes them in batches. A failed write keeps the
 * records for the next attempt; `close` writes whatever is left, for graceful shutdown.
 */
export class UsageRecorder {
  private pending: UsageRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(
    private readonly store: GatewayStore,
    private readonly logger: Logger,
    options: UsageRecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.maxPending = options.maxPending ?? 100_000;
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  record(record: UsageRecord): void {
    this.pending.push(record);
    if (this.pending.length >= this.batchSize) void this.flush();
  }

  /** Writes everything recorded so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.store.insertUsage(batch);
    } catch (error) {
      this.pending = [...batch, ...this.pending];
      const dropped = this.pending.length - this.maxPending;
      if (dropped > 0) this.pending.splice(0, dropped);
      this.logger.error({ err: error, waiting: this.pending.length, dropped: Math.max(0, dropped) }, 'writing usage records failed; will retry');
    }
  }
}
