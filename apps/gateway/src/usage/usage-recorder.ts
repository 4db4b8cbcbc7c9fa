import type { Logger } from 'pino';
import { classifyStoreError } from '../store/classify-store-error.js';
import type { GatewayStore } from '../store/gateway-store.js';
import { UsageQuarantine } from './usage-quarantine.js';
import type { UsageRecord } from './usage-record.js';
import { UsageSpool, type SpoolSegment } from './usage-spool.js';

export interface UsageRecorderOptions {
  /** Written as soon as this many are waiting. */
  readonly batchSize?: number;
  /** Otherwise written at this interval. */
  readonly flushIntervalMs?: number;
  /** While the store is failing, at most this many wait in memory; the oldest are dropped (and logged). */
  readonly maxPending?: number;
  /**
   * The crash-safe spool's folder: every record is written there first (before a completed
   * answer's last byte) and the records of a crashed process are replayed at start. Without it,
   * records wait in memory only.
   */
  readonly spoolDirectory?: string;
  /** Each spooled record also waits for the disk: records survive power loss, not only a crash. */
  readonly spoolFsync?: boolean;
  /** Where a record the store refuses on its own is set aside (one JSON line each). */
  readonly rejectedFile?: string;
}

interface PendingRecord {
  readonly record: UsageRecord;
  /** The spool segment holding it, released once the record is in the store. */
  readonly segment?: SpoolSegment;
}

/** Logs a failing spool at most this often, in records. */
const SPOOL_FAILURE_LOG_EVERY = 1_000;

/**
 * Collects usage records off the hot path and writes them in batches. With a spool, each record is
 * on disk before `record` returns, so a crash loses none; the spool's segments go once their
 * records are in the store. A batch the store refuses is written again record by record, so one bad
 * record is set aside (quarantined) instead of blocking all the others; while the store itself is
 * failing, the records wait for the next attempt. `close` writes whatever is left, for graceful
 * shutdown.
 */
export class UsageRecorder {
  private pending: PendingRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly batchSize: number;
  private readonly maxPending: number;
  private readonly spool: UsageSpool | undefined;
  private readonly quarantine: UsageQuarantine;
  private spoolFailures = 0;
  /** Records of the batch being written now. */
  private writingCount = 0;

  constructor(
    private readonly store: GatewayStore,
    private readonly logger: Logger,
    options: UsageRecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.maxPending = options.maxPending ?? 100_000;
    this.spool = options.spoolDirectory ? this.openSpool(options.spoolDirectory, options.spoolFsync ?? false) : undefined;
    this.quarantine = new UsageQuarantine(options.rejectedFile, logger);
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  /** Records waiting to be written to the store (the metrics' usage-writer queue depth). */
  get queueDepth(): number {
    return this.pending.length + this.writingCount;
  }

  /** Queues a record; with a spool it is written to disk before this returns. */
  record(record: UsageRecord): void {
    this.pending.push({ record, segment: this.spoolRecord(record) });
    if (this.pending.length >= this.batchSize) void this.flush();
  }

  /** Queues the records that processes gone before their time left in the spool, and writes them. */
  async replaySpool(): Promise<number> {
    if (!this.spool) return 0;
    let orphans: ReturnType<UsageSpool['claimOrphans']>;
    try {
      orphans = this.spool.claimOrphans();
    } catch (error) {
      this.logger.error({ err: error }, 'reading the usage spool failed; records left by a crash were not replayed');
      return 0;
    }
    let replayed = 0;
    for (const { segment, records, unreadableLines } of orphans) {
      for (const record of records) this.pending.push({ record, segment });
      replayed += records.length;
      // A process killed while appending leaves its last line torn; that request had not been answered.
      if (unreadableLines > 0) this.logger.warn({ segment: segment.path, unreadableLines }, 'skipped unreadable lines in a usage spool segment');
    }
    if (replayed > 0) this.logger.info({ records: replayed }, 'replaying usage records from the spool');
    await this.flush();
    return replayed;
  }

  /** Writes everything recorded so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    // A write that throws must not break the chain, or no later flush would ever run.
    this.writing = this.writing.then(() => this.writePending()).catch((error: unknown) => this.logger.error({ err: error }, 'writing usage records failed'));
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.spool?.close();
  }

  /** A data directory that cannot be written must not stop the gateway: it runs without a spool, and says so. */
  private openSpool(directory: string, fsync: boolean): UsageSpool | undefined {
    try {
      return new UsageSpool(directory, fsync);
    } catch (error) {
      this.logger.error({ err: error, spoolDirectory: directory }, 'the usage spool is off: records wait in memory only until written, and a crash loses them');
      return undefined;
    }
  }

  private spoolRecord(record: UsageRecord): SpoolSegment | undefined {
    if (!this.spool) return undefined;
    try {
      return this.spool.append(record);
    } catch (error) {
      // The request goes on; its record waits in memory only, as it would without a spool.
      if (this.spoolFailures++ % SPOOL_FAILURE_LOG_EVERY === 0) {
        this.logger.error({ err: error, failures: this.spoolFailures }, 'writing a usage record to the spool failed; it is kept in memory only');
      }
      return undefined;
    }
  }

  private async writePending(): Promise<void> {
    try {
      this.spool?.rotate();
    } catch (error) {
      this.logger.error({ err: error }, 'rotating the usage spool failed');
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writingCount = batch.length;
    try {
      await this.store.insertUsage(batch.map((entry) => entry.record));
      this.release(batch);
    } catch {
      await this.writeOneByOne(batch);
    } finally {
      this.writingCount = 0;
    }
  }

  /**
   * After a batch failed: each record alone. One the store refuses for its data, or alone while
   * others go in, is set aside. When the store itself fails (an outage, or two records in a row
   * failing for no known reason before any went in), the rest wait for the next attempt.
   */
  private async writeOneByOne(batch: readonly PendingRecord[]): Promise<void> {
    const suspects: PendingRecord[] = [];
    let written = 0;
    for (const [index, entry] of batch.entries()) {
      try {
        await this.store.insertUsage([entry.record]);
        written += 1;
        this.release([entry]);
      } catch (error) {
        const kind = classifyStoreError(error);
        if (kind === 'record') {
          this.setAside(entry, error);
        } else if (kind === 'outage' || (written === 0 && suspects.length > 0)) {
          this.requeue([...suspects, ...batch.slice(index)], error);
          return;
        } else {
          suspects.push(entry);
        }
      }
    }
    if (suspects.length === 0) return;
    if (written > 0) {
      for (const entry of suspects) this.setAside(entry, new Error('the store refused this record alone while it accepted the others'));
    } else {
      this.requeue(suspects, new Error('the store refused the only record it was given'));
    }
  }

  private setAside(entry: PendingRecord, error: unknown): void {
    if (this.quarantine.add(entry.record, error)) this.release([entry]);
    // Only the log has it: its segment stays on disk, to be tried again at the next start.
    else if (entry.segment) entry.segment.pinned = true;
  }

  private requeue(entries: readonly PendingRecord[], error: unknown): void {
    this.pending = [...entries, ...this.pending];
    const dropped = this.pending.length - this.maxPending;
    if (dropped > 0) {
      // Dropped from memory, not from the spool: their segments stay for the next start to replay.
      for (const entry of this.pending.splice(0, dropped)) if (entry.segment) entry.segment.pinned = true;
    }
    this.logger.error({ err: error, waiting: this.pending.length, dropped: Math.max(0, dropped) }, 'writing usage records failed; will retry');
  }

  private release(entries: readonly PendingRecord[]): void {
    for (const entry of entries) if (entry.segment) this.spool!.release(entry.segment);
  }
}
