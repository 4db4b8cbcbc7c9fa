import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { openPostgresDatabase } from '../../src/store/postgres-database.js';
import type { SqlDatabase } from '../../src/store/sql-database.js';
import { SqlGatewayStore } from '../../src/store/sql-gateway-store.js';
import { openSqliteDatabase } from '../../src/store/sqlite-database.js';
import { applyStoreMigrations, STORE_MIGRATIONS } from '../../src/store/store-migrations.js';
import { createTestPostgresSchema, withAvailableServices } from '../support/test-services.js';

const DRIVERS = [
  {
    name: 'SQLite',
    async open(): Promise<{ database: SqlDatabase; cleanup(): Promise<void> }> {
      const directory = await mkdtemp(join(tmpdir(), 'modelgate-upgrade-'));
      return { database: openSqliteDatabase(join(directory, 'store.sqlite')), cleanup: () => rm(directory, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    async open(): Promise<{ database: SqlDatabase; cleanup(): Promise<void> }> {
      const schema = createTestPostgresSchema();
      return { database: await openPostgresDatabase(schema.url, schema.schema), cleanup: () => schema.drop() };
    },
  },
];

/** A row as the first schema wrote it: no record id, outcome or stage. */
function legacyRow(requestId: string, status: number, family: string | null, clientAborted: 0 | 1) {
  return [requestId, 'key_old', 'gpt-old', family, 'chat', status, 10, 5, 0, 0, 0, 0.001, 12, null, 0, clientAborted, 1_700_000_000_000, '2023-11-14'];
}

describe.each(withAvailableServices(DRIVERS, (variant) => (variant.name.startsWith('PostgreSQL') ? 'postgres' : undefined)))('usage records from schema version 1, upgraded on $name', (driver) => {
  it('get an outcome derived from what version 1 kept, no record id, and never conflict with new records', async () => {
    const { database, cleanup } = await driver.open();
    try {
      expect(await applyStoreMigrations(database, STORE_MIGRATIONS.filter((migration) => migration.version === 1))).toEqual([1]);
      for (const row of [legacyRow('old_ok', 200, 'openai', 0), legacyRow('old_gone', 200, 'openai', 1), legacyRow('old_refused', 429, null, 0), legacyRow('old_failed', 502, 'openai', 0)]) {
        await database.run(
          `INSERT INTO usage_records (request_id, key_id, model, family, endpoint, status, prompt_tokens, completion_tokens, cached_tokens,
            reasoning_tokens, tokens_estimated, cost_usd, latency_ms, time_to_first_token_ms, stream, client_aborted, created_at, day)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          row,
        );
      }
      expect(await applyStoreMigrations(database)).toEqual([2, 3, 4, 5, 6]);

      const store = new SqlGatewayStore(database);
      const outcomes = Object.fromEntries((await store.queryUsage({ keyId: 'key_old' })).map((record) => [record.requestId, [record.outcome, record.recordId, record.stage]]));
      expect(outcomes).toEqual({
        old_ok: ['completed', undefined, undefined],
        old_gone: ['client_aborted', undefined, undefined],
        old_refused: ['refused', undefined, undefined],
        old_failed: ['failed', undefined, undefined],
      });
      const added = { ...(await store.queryUsage({ keyId: 'key_old', limit: 1 }))[0]!, recordId: 'rec_new', outcome: 'completed' as const, stage: 'responding' as const };
      await store.insertUsage([added, added]);
      expect(await store.queryUsage({ keyId: 'key_old' })).toHaveLength(5);
    } finally {
      await database.close();
      await cleanup();
    }
  });
});
