import type { UsageRecord } from '../usage/usage-record.js';
import type { GatewayStore } from './gateway-store.js';

export interface CopyStoreResult {
  /** Issued keys written to the target. */
  readonly keys: number;
  /** Keys the target already had (same id), left as they were. */
  readonly keysAlreadyThere: number;
  readonly usageRecords: number;
}

/**
 * Moves what a store holds (issued keys, with their digests, scopes, limits and states, and every
 * usage record) into another, e.g. from the embedded SQLite file to PostgreSQL. Usage is read newest
 * first, a page at a time, each page completed with the rest of its oldest millisecond so that no
 * record is skipped or read twice. Refuses a target that already holds usage records: records from
 * before schema version 2 have no id by which a second copy could be recognised.
 */
export async function copyStore(source: GatewayStore, target: GatewayStore, pageSize = 1000): Promise<CopyStoreResult> {
  if ((await target.queryUsage({ limit: 1 })).length > 0) {
    throw new Error('the target store already holds usage records; copy into a new, empty store (or schema)');
  }
  let keys = 0;
  let keysAlreadyThere = 0;
  for (const key of await source.listKeys()) {
    if (await target.findKey(key.id)) {
      keysAlreadyThere++;
      continue;
    }
    await target.insertKey(key);
    keys++;
  }
  let usageRecords = 0;
  let before: number | undefined;
  for (;;) {
    const page = await source.queryUsage({ to: before, limit: pageSize });
    if (page.length === 0) break;
    const oldest = page.at(-1)!.createdAt;
    const oldestMillisecond = await source.queryUsage({ from: oldest, to: oldest + 1, limit: Number.MAX_SAFE_INTEGER });
    const records: UsageRecord[] = [...page.filter((record) => record.createdAt > oldest), ...oldestMillisecond];
    await target.insertUsage(records);
    usageRecords += records.length;
    before = oldest;
  }
  return { keys, keysAlreadyThere, usageRecords };
}
