import type { StateOwner } from '@modelgate/pipeline';
import type { RequestStage, UsageAggregate, UsageFilter, UsageGrouping, UsageOutcome, UsageRecord, UsageSeriesPoint, UsageSeriesQuery } from '../usage/usage-record.js';
import type { GatewayStore } from './gateway-store.js';
import type { SqlDatabase, SqlValue } from './sql-database.js';
import { sqlWhere } from './sql-where.js';
import type { StoredKey, StoredKeyChanges } from './stored-key.js';

interface KeyRow {
  id: string;
  name: string;
  owner: string | null;
  key_hash: string;
  key_prefix: string;
  policy: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  disabled: number;
}

const KEY_COLUMNS = 'id, name, owner, key_hash, key_prefix, policy, created_at, expires_at, revoked_at, disabled';
const USAGE_COLUMNS = [
  'request_id', 'key_id', 'model', 'family', 'endpoint', 'status', 'prompt_tokens', 'completion_tokens', 'cached_tokens',
  'reasoning_tokens', 'tokens_estimated', 'cost_usd', 'latency_ms', 'time_to_first_token_ms', 'stream', 'client_aborted',
  'created_at', 'day', 'record_id', 'outcome', 'stage', 'deployment', 'attempts', 'cache_hit', 'cache_write_tokens', 'cache_write_1h_tokens', 'guardrails',
] as const;
/**
 * The most rows one insert takes: under SQLite's and PostgreSQL's bound-parameter limits. Batches
 * go in as inserts of a power-of-two number of rows (137 = 128 + 8 + 1), so the statements a
 * database prepares and keeps (node:sqlite caches each text it sees) are at most eight.
 */
const MOST_USAGE_ROWS_PER_INSERT = 128;
const USAGE_ROW_PLACEHOLDERS = `(${USAGE_COLUMNS.map(() => '?').join(', ')})`;

/** The largest power of two not above `count` (at least 1), capped at MOST_USAGE_ROWS_PER_INSERT. */
function insertSize(count: number): number {
  let size = 1;
  while (size * 2 <= Math.min(count, MOST_USAGE_ROWS_PER_INSERT)) size *= 2;
  return size;
}
const GROUP_COLUMN: Readonly<Record<UsageGrouping, string>> = { key: 'key_id', model: 'model', day: 'day' };
const SERIES_COLUMN: Readonly<Record<UsageSeriesQuery['by'], string>> = { key: 'key_id', model: 'model', family: 'family', none: "''" };
const BUCKET_MS: Readonly<Record<UsageSeriesQuery['bucket'], number>> = { hour: 3_600_000, day: 86_400_000 };

function toStoredKey(row: KeyRow): StoredKey {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? undefined,
    keyHash: row.key_hash,
    keyPrefix: row.key_prefix,
    policy: JSON.parse(row.policy) as StoredKey['policy'],
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? undefined : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? undefined : Number(row.revoked_at),
    disabled: Number(row.disabled) === 1,
  };
}

const MILLISECONDS_PER_DAY = 86_400_000;
let currentDay = { start: 0, label: '1970-01-01' };

/** `YYYY-MM-DD` (UTC) of a time: every record of a day shares one label, made once. */
function utcDay(milliseconds: number): string {
  if (milliseconds < currentDay.start || milliseconds >= currentDay.start + MILLISECONDS_PER_DAY) {
    const start = milliseconds - (milliseconds % MILLISECONDS_PER_DAY);
    currentDay = { start, label: new Date(start).toISOString().slice(0, 10) };
  }
  return currentDay.label;
}

function usageValues(record: UsageRecord): SqlValue[] {
  return [
    record.requestId, record.keyId, record.model ?? null, record.family ?? null, record.endpoint, record.status,
    record.promptTokens, record.completionTokens, record.cachedTokens, record.reasoningTokens, record.tokensEstimated ? 1 : 0,
    record.costUsd, record.latencyMs, record.timeToFirstTokenMs ?? null, record.stream ? 1 : 0, record.clientAborted ? 1 : 0,
    record.createdAt, utcDay(record.createdAt), record.recordId ?? null, record.outcome,
    record.stage ?? null, record.deployment ?? null, record.attempts ? JSON.stringify(record.attempts) : null,
    record.cacheHit ? 1 : null, record.cacheWriteTokens ?? null, record.cacheWrite1hTokens ?? null,
    record.guardrails ? JSON.stringify(record.guardrails) : null,
  ];
}

/** A count a row of an older schema version may lack (NULL): left out of the record then. */
function optionalCount<Field extends string>(field: Field, value: SqlValue | undefined): Partial<Record<Field, number>> {
  return value === null || value === undefined ? {} : ({ [field]: Number(value) } as Record<Field, number>);
}

function toUsageRecord(row: Record<string, SqlValue>): UsageRecord {
  return {
    recordId: (row.record_id as string | null) ?? undefined,
    requestId: String(row.request_id),
    keyId: String(row.key_id),
    model: (row.model as string | null) ?? undefined,
    family: (row.family as string | null) ?? undefined,
    endpoint: row.endpoint as UsageRecord['endpoint'],
    status: Number(row.status),
    promptTokens: Number(row.prompt_tokens),
    completionTokens: Number(row.completion_tokens),
    cachedTokens: Number(row.cached_tokens),
    reasoningTokens: Number(row.reasoning_tokens),
    tokensEstimated: Number(row.tokens_estimated) === 1,
    costUsd: Number(row.cost_usd),
    latencyMs: Number(row.latency_ms),
    timeToFirstTokenMs: row.time_to_first_token_ms === null ? undefined : Number(row.time_to_first_token_ms),
    stream: Number(row.stream) === 1,
    clientAborted: Number(row.client_aborted) === 1,
    outcome: row.outcome as UsageOutcome,
    stage: (row.stage as RequestStage | null) ?? undefined,
    deployment: (row.deployment as string | null) ?? undefined,
    attempts: typeof row.attempts === 'string' ? (JSON.parse(row.attempts) as UsageRecord['attempts']) : undefined,
    ...(Number(row.cache_hit) === 1 && { cacheHit: true }),
    ...optionalCount('cacheWriteTokens', row.cache_write_tokens),
    ...optionalCount('cacheWrite1hTokens', row.cache_write_1h_tokens),
    guardrails: typeof row.guardrails === 'string' ? (JSON.parse(row.guardrails) as UsageRecord['guardrails']) : undefined,
    createdAt: Number(row.created_at),
  };
}

function whereClause(filter: UsageFilter): { sql: string; parameters: SqlValue[] } {
  return sqlWhere([
    ['key_id = ?', filter.keyId],
    ['model = ?', filter.model],
    ['created_at >= ?', filter.from],
    ['created_at < ?', filter.to],
  ]);
}

/** The store over either SQL database; the dialects differ only in their connection. */
export class SqlGatewayStore implements GatewayStore {
  readonly driver: GatewayStore['driver'];

  constructor(private readonly database: SqlDatabase) {
    this.driver = database.dialect;
  }

  get sql(): SqlDatabase {
    return this.database;
  }

  async insertKey(key: StoredKey): Promise<void> {
    await this.database.run(`INSERT INTO service_keys (${KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      key.id, key.name, key.owner ?? null, key.keyHash, key.keyPrefix, JSON.stringify(key.policy), key.createdAt,
      key.expiresAt ?? null, key.revokedAt ?? null, key.disabled ? 1 : 0,
    ]);
  }

  async findKeyByHash(keyHash: string): Promise<StoredKey | undefined> {
    const [row] = await this.database.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM service_keys WHERE key_hash = ?`, [keyHash]);
    return row && toStoredKey(row);
  }

  async findKey(idOrPrefix: string): Promise<StoredKey | undefined> {
    const rows = await this.database.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM service_keys WHERE id = ? OR key_prefix = ?`, [idOrPrefix, idOrPrefix]);
    return rows.length === 1 ? toStoredKey(rows[0]!) : rows.map(toStoredKey).find((key) => key.id === idOrPrefix);
  }

  async listKeys(): Promise<StoredKey[]> {
    return (await this.database.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM service_keys ORDER BY created_at, id`)).map(toStoredKey);
  }

  async updateKey(id: string, changes: StoredKeyChanges): Promise<StoredKey | undefined> {
    const columns: Array<[string, SqlValue]> = [];
    if (changes.keyHash !== undefined) columns.push(['key_hash', changes.keyHash]);
    if (changes.keyPrefix !== undefined) columns.push(['key_prefix', changes.keyPrefix]);
    if (changes.revokedAt !== undefined) columns.push(['revoked_at', changes.revokedAt]);
    if (changes.disabled !== undefined) columns.push(['disabled', changes.disabled ? 1 : 0]);
    if (columns.length > 0) {
      const assignments = columns.map(([column]) => `${column} = ?`).join(', ');
      await this.database.run(`UPDATE service_keys SET ${assignments} WHERE id = ?`, [...columns.map(([, value]) => value), id]);
    }
    return this.findKey(id);
  }

  async insertUsage(records: readonly UsageRecord[]): Promise<void> {
    for (let start = 0; start < records.length; ) {
      const batch = records.slice(start, start + insertSize(records.length - start));
      start += batch.length;
      // A record replayed from the spool after a crash may already be there: written once.
      await this.database.run(
        `INSERT INTO usage_records (${USAGE_COLUMNS.join(', ')}) VALUES ${batch.map(() => USAGE_ROW_PLACEHOLDERS).join(', ')} ON CONFLICT (record_id) DO NOTHING`,
        batch.flatMap(usageValues),
      );
    }
  }

  async queryUsage(filter: UsageFilter): Promise<UsageRecord[]> {
    const where = whereClause(filter);
    const rows = await this.database.all<Record<string, SqlValue>>(
      `SELECT ${USAGE_COLUMNS.join(', ')} FROM usage_records ${where.sql} ORDER BY created_at DESC LIMIT ?`,
      [...where.parameters, filter.limit ?? 100],
    );
    return rows.map(toUsageRecord);
  }

  async aggregateUsage(filter: UsageFilter, grouping: UsageGrouping): Promise<UsageAggregate[]> {
    const column = GROUP_COLUMN[grouping];
    const where = whereClause(filter);
    const rows = await this.database.all<Record<string, SqlValue>>(
      `SELECT ${column} AS grouped, COUNT(*) AS requests, SUM(prompt_tokens) AS prompt_tokens,
        SUM(completion_tokens) AS completion_tokens, SUM(cost_usd) AS cost_usd
       FROM usage_records ${where.sql} GROUP BY ${column} ORDER BY ${column}`,
      where.parameters,
    );
    return rows.map((row) => ({
      group: String(row.grouped ?? ''),
      requests: Number(row.requests),
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      costUsd: Number(row.cost_usd),
    }));
  }

  /**
   * Portable SQL for SQLite and PostgreSQL alike: buckets by integer arithmetic on `created_at`
   * (UTC), percentiles by nearest rank (the smallest latency whose rank in its bucket reaches
   * p·n) from window functions, as neither database shares a percentile function with the other.
   */
  async usageSeries(filter: UsageFilter, query: UsageSeriesQuery): Promise<UsageSeriesPoint[]> {
    const bucketMs = BUCKET_MS[query.bucket];
    const column = SERIES_COLUMN[query.by];
    const bucket = `(created_at - created_at % ${bucketMs})`;
    const where = whereClause(filter);
    const rows = await this.database.all<Record<string, SqlValue>>(
      `WITH ranked AS (
         SELECT ${bucket} AS bucket_start, ${column} AS grouped, status, prompt_tokens, completion_tokens, cost_usd, latency_ms,
           ROW_NUMBER() OVER (PARTITION BY ${bucket}, ${column} ORDER BY latency_ms) AS latency_rank,
           COUNT(*) OVER (PARTITION BY ${bucket}, ${column}) AS bucket_size
         FROM usage_records ${where.sql}
       )
       SELECT bucket_start, grouped, COUNT(*) AS requests, SUM(CASE WHEN status >= 400 THEN 1 ELSE 0 END) AS errors,
         SUM(prompt_tokens) AS prompt_tokens, SUM(completion_tokens) AS completion_tokens, SUM(cost_usd) AS cost_usd,
         MIN(CASE WHEN latency_rank >= 0.5 * bucket_size THEN latency_ms END) AS p50,
         MIN(CASE WHEN latency_rank >= 0.95 * bucket_size THEN latency_ms END) AS p95,
         MIN(CASE WHEN latency_rank >= 0.99 * bucket_size THEN latency_ms END) AS p99
       FROM ranked GROUP BY bucket_start, grouped ORDER BY bucket_start, grouped`,
      where.parameters,
    );
    return rows.map((row) => ({
      bucketStart: Number(row.bucket_start),
      group: String(row.grouped ?? ''),
      requests: Number(row.requests),
      errors: Number(row.errors),
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      costUsd: Number(row.cost_usd),
      latencyP50Ms: Number(row.p50),
      latencyP95Ms: Number(row.p95),
      latencyP99Ms: Number(row.p99),
    }));
  }

  async ping(): Promise<void> {
    await this.database.all('SELECT 1 AS ok');
  }

  async recordStateOwner(stateId: string, owner: StateOwner, createdAt: number): Promise<void> {
    await this.database.run('INSERT INTO vendor_state_owners (state_id, key_id, provider, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (state_id) DO NOTHING', [
      stateId,
      owner.keyId,
      owner.provider ?? null,
      createdAt,
    ]);
  }

  async stateOwner(stateId: string): Promise<StateOwner | undefined> {
    const [row] = await this.database.all<{ key_id: string; provider: string | null }>('SELECT key_id, provider FROM vendor_state_owners WHERE state_id = ?', [stateId]);
    if (!row) return undefined;
    return row.provider === null ? { keyId: row.key_id } : { keyId: row.key_id, provider: row.provider };
  }

  async spendSince(keyId: string, since: number): Promise<number> {
    const [row] = await this.database.all<{ spend: number | null }>(
      'SELECT SUM(cost_usd) AS spend FROM usage_records WHERE key_id = ? AND created_at >= ?',
      [keyId, since],
    );
    return Number(row?.spend ?? 0);
  }

  close(): Promise<void> {
    return this.database.close();
  }
}
