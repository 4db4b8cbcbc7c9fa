import type { SqlDatabase } from './sql-database.js';

export interface StoreMigration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}

/**
 * Versioned schema changes, in portable SQL, applied in order at start-up. Never edit a released
 * migration; append a new one. Times are Unix milliseconds; `day` is the UTC date, kept as text so
 * grouping by day needs no dialect-specific date functions.
 */
export const STORE_MIGRATIONS: readonly StoreMigration[] = [
  {
    version: 1,
    name: 'service keys and usage records',
    statements: [
      `CREATE TABLE service_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        owner TEXT,
        key_hash TEXT NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        policy TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT,
        revoked_at BIGINT,
        disabled BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE usage_records (
        request_id TEXT NOT NULL,
        key_id TEXT NOT NULL,
        model TEXT,
        family TEXT,
        endpoint TEXT NOT NULL,
        status BIGINT NOT NULL,
        prompt_tokens BIGINT NOT NULL,
        completion_tokens BIGINT NOT NULL,
        cached_tokens BIGINT NOT NULL,
        reasoning_tokens BIGINT NOT NULL,
        tokens_estimated BIGINT NOT NULL,
        cost_usd DOUBLE PRECISION NOT NULL,
        latency_ms DOUBLE PRECISION NOT NULL,
        time_to_first_token_ms DOUBLE PRECISION,
        stream BIGINT NOT NULL,
        client_aborted BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        day TEXT NOT NULL
      )`,
      'CREATE INDEX usage_records_by_key_time ON usage_records (key_id, created_at)',
      'CREATE INDEX usage_records_by_time ON usage_records (created_at)',
    ],
  },
  {
    version: 2,
    name: 'usage record ids, outcomes and stages',
    statements: [
      // Minted by the gateway per request; unique so a record replayed from the spool is written once
      // (`ON CONFLICT (record_id) DO NOTHING`). Older rows keep NULL, which never conflicts.
      'ALTER TABLE usage_records ADD COLUMN record_id TEXT',
      'ALTER TABLE usage_records ADD COLUMN outcome TEXT',
      'ALTER TABLE usage_records ADD COLUMN stage TEXT',
      'CREATE UNIQUE INDEX usage_records_by_record_id ON usage_records (record_id)',
      // Older rows: refusals were recorded without a family; their stage is unknown.
      `UPDATE usage_records SET outcome = CASE
        WHEN client_aborted = 1 THEN 'client_aborted'
        WHEN status < 400 THEN 'completed'
        WHEN family IS NULL THEN 'refused'
        ELSE 'failed' END`,
    ],
  },
  {
    version: 3,
    name: 'usage record deployments and attempts',
    statements: [
      'ALTER TABLE usage_records ADD COLUMN deployment TEXT',
      // JSON: [{ model, deployment, status, errorKind, durationMs }], one per upstream attempt.
      'ALTER TABLE usage_records ADD COLUMN attempts TEXT',
    ],
  },
  {
    version: 4,
    name: 'owners of vendor-side state',
    statements: [
      // Which key created each stored Responses API response (its id), so no other key chains it.
      'CREATE TABLE vendor_state_owners (state_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, created_at BIGINT NOT NULL)',
    ],
  },
  {
    version: 5,
    name: 'where vendor-side state lives',
    statements: [
      // The provider instance (one vendor organisation) that holds each stored response (or minted
      // encrypted_content blob, recorded by its SHA-256 as state_id 'sha256:<hex>'): the only
      // one that can chain it, so requests naming it are pinned there. NULL for older rows.
      'ALTER TABLE vendor_state_owners ADD COLUMN provider TEXT',
    ],
  },
  {
    version: 6,
    name: 'usage record cache hits and prompt-cache writes',
    statements: [
      // 1 when the response cache answered instead of the upstream; NULL for older rows and misses.
      'ALTER TABLE usage_records ADD COLUMN cache_hit BIGINT',
      // Prompt tokens the vendor wrote to its prompt cache (part of prompt_tokens); NULL for older rows.
      'ALTER TABLE usage_records ADD COLUMN cache_write_tokens BIGINT',
      // Of those, the ones written for an hour (Anthropic's `ttl: 1h`), priced apart.
      'ALTER TABLE usage_records ADD COLUMN cache_write_1h_tokens BIGINT',
    ],
  },
  {
    version: 7,
    name: 'guardrail decisions on usage records',
    statements: [
      // JSON: [{ guardrail, action, phase, found }], one per guardrail that acted (never what it matched).
      'ALTER TABLE usage_records ADD COLUMN guardrails TEXT',
    ],
  },
  {
    version: 8,
    name: 'payload captures',
    statements: [
      // Request and answer bodies of the exchanges a key or model opted into (the capture module),
      // apart from usage records so that they can be bounded and swept on their own. Bodies are
      // redacted before they are written; size_bytes is what retention by total size counts.
      `CREATE TABLE captures (
        id TEXT PRIMARY KEY, request_id TEXT NOT NULL, key_id TEXT NOT NULL, model TEXT, endpoint TEXT NOT NULL,
        status INTEGER NOT NULL, stream INTEGER NOT NULL, created_at BIGINT NOT NULL, duration_ms INTEGER,
        first_byte_ms INTEGER, attempts TEXT, request_body TEXT, answer_body TEXT, truncated INTEGER NOT NULL,
        size_bytes INTEGER NOT NULL
      )`,
      'CREATE INDEX captures_created_at ON captures (created_at)',
    ],
  },
];

/** Applies the migrations this database has not seen, under the migration lock. */
export async function applyStoreMigrations(database: SqlDatabase, migrations = STORE_MIGRATIONS): Promise<number[]> {
  return database.exclusiveTransaction(async (locked) => {
    await locked.run('CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Set((await locked.all<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => Number(row.version)));
    const appliedNow: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await locked.run(statement);
      await locked.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, Date.now()]);
      appliedNow.push(migration.version);
    }
    return appliedNow;
  });
}
