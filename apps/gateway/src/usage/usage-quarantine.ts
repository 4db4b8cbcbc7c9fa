import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from '../runtime/private-file-modes.js';
import type { UsageRecord } from './usage-record.js';

/**
 * Where a usage record the store refuses on its own is set aside, so it can never hold the others
 * back: one JSON line in the rejected-records file, for an operator to fix and load, and an error in
 * the log with the whole record (records hold ids, counts and costs, never a key or a prompt).
 */
export class UsageQuarantine {
  constructor(
    private readonly file: string | undefined,
    private readonly logger: Logger,
  ) {}

  /** True when the record is safe in the file; false when only the log has it. */
  add(record: UsageRecord, error: unknown): boolean {
    const reason = error instanceof Error ? error.message : String(error);
    let kept = false;
    if (this.file) {
      try {
        mkdirSync(dirname(this.file), { recursive: true, mode: PRIVATE_DIRECTORY });
        appendFileSync(this.file, `${JSON.stringify({ rejectedAt: new Date().toISOString(), reason, record })}\n`, { mode: PRIVATE_FILE });
        kept = true;
      } catch (writeError) {
        this.logger.error({ err: writeError, rejectedFile: this.file }, 'writing a rejected usage record to its file failed');
      }
    }
    this.logger.error({ record, reason, rejectedFile: kept ? this.file : undefined }, 'the store refused a usage record on its own; it was set aside');
    return kept;
  }
}
