import type { SqlDatabase } from './sql-database.js';
import type { StateOwner } from '@modelgate/pipeline';
import type { UsageAggregate, UsageFilter, UsageGrouping, UsageRecord, UsageSeriesPoint, UsageSeriesQuery } from '../usage/usage-record.js';
import type { StoredKey, StoredKeyChanges } from './stored-key.js';

/** Where issued keys and usage records live: SQLite on one machine, PostgreSQL for several replicas. */
export interface GatewayStore {
  readonly driver: 'sqlite' | 'postgres';
  insertKey(key: StoredKey): Promise<void>;
  findKeyByHash(keyHash: string): Promise<StoredKey | undefined>;
  /** By id, or by the visible prefix when it is unambiguous. */
  findKey(idOrPrefix: string): Promise<StoredKey | undefined>;
  listKeys(): Promise<StoredKey[]>;
  updateKey(id: string, changes: StoredKeyChanges): Promise<StoredKey | undefined>;
  /** Skips a record whose `recordId` is already stored, so a replayed record is written once. */
  insertUsage(records: readonly UsageRecord[]): Promise<void>;
  queryUsage(filter: UsageFilter): Promise<UsageRecord[]>;
  aggregateUsage(filter: UsageFilter, grouping: UsageGrouping): Promise<UsageAggregate[]>;
  /** Usage per time bucket (and group), with error counts and latency percentiles, computed in SQL. */
  usageSeries(filter: UsageFilter, query: UsageSeriesQuery): Promise<UsageSeriesPoint[]>;
  /** Records the key that created a vendor-side object (a stored response) and where; the first record of an id stands. */
  recordStateOwner(stateId: string, owner: StateOwner, createdAt: number): Promise<void>;
  /** The key that created a vendor-side object and where, if the gateway recorded one. */
  stateOwner(stateId: string): Promise<StateOwner | undefined>;
  /** USD spent by a key since `since` (Unix milliseconds). */
  spendSince(keyId: string, since: number): Promise<number>;
  /** The database under the store, for modules that keep tables of their own (payload capture); absent for a store without SQL. */
  readonly sql?: SqlDatabase;
  /** Resolves when the store answers a trivial query (readiness). */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
