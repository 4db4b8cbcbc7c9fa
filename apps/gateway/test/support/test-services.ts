import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

// The real PostgreSQL and Redis the CI machine runs (`.ci/run` starts them). Every test gets its own
// schema or key prefix and removes it afterwards, so runs never see each other's data.
export const TEST_POSTGRES_URL = process.env.MODELGATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.MODELGATE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const uniqueSuffix = () => `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

export interface TestPostgresSchema {
  readonly url: string;
  readonly schema: string;
  drop(): Promise<void>;
}

export function createTestPostgresSchema(): TestPostgresSchema {
  const schema = `mg_test_${uniqueSuffix()}`;
  return {
    url: TEST_POSTGRES_URL,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

export interface TestRedisPrefix {
  readonly url: string;
  readonly keyPrefix: string;
  /** Deletes every key under the prefix. */
  drop(): Promise<void>;
}

export function createTestRedisPrefix(): TestRedisPrefix {
  const keyPrefix = `mg-test-${uniqueSuffix()}:`;
  return {
    url: TEST_REDIS_URL,
    keyPrefix,
    async drop() {
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
