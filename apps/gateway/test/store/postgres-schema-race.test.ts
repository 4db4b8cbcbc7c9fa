import { expect, it } from '@jest/globals';
import pg from 'pg';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import { STORE_MIGRATIONS } from '../../src/store/store-migrations.js';
import { createTestPostgresSchema, describeWith } from '../support/test-services.js';

// Replicas of one deployment start together against a schema nobody has created yet: each opens
// its store, which creates the schema and migrates it. Creating it outside the migration lock was a
// race (two `CREATE SCHEMA IF NOT EXISTS` at once: one fails on pg_namespace's unique index).
const REPLICAS = 8;
const ROUNDS = 5;

async function appliedVersions(url: string, schema: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ version: string }>(`SELECT version FROM "${schema}".schema_migrations ORDER BY version`);
    return result.rows.map((row) => Number(row.version));
  } finally {
    await client.end();
  }
}

describeWith('PostgreSQL store: replicas opening one new schema at the same moment', 'postgres')('PostgreSQL store: replicas opening one new schema at the same moment', () => {
  it('all start, and the schema is created and migrated once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const schema = createTestPostgresSchema();
      try {
        const config = { driver: 'postgres' as const, url: schema.url, schema: schema.schema };
        const opened = await Promise.allSettled(Array.from({ length: REPLICAS }, () => openGatewayStore(config)));
        const failures = opened.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error).message)] : []));
        await Promise.all(opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])));
        expect({ round, failures }).toEqual({ round, failures: [] });
        expect(await appliedVersions(schema.url, schema.schema)).toEqual(STORE_MIGRATIONS.map((migration) => migration.version));
      } finally {
        await schema.drop();
      }
    }
  });
});
