import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';

// The real PostgreSQL and Redis the CI machine runs (`.ci/run` starts them). Every test gets its own
// schema or key prefix and removes it afterwards, so runs never see each other's data.
export const TEST_POSTGRES_URL = process.env.MODELGATE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.MODELGATE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type TestService = 'postgres' | 'redis';

const SERVICE_URLS: Record<TestService, { url: string; port: number; name: string; variable: string }> = {
  postgres: { url: TEST_POSTGRES_URL, port: 5432, name: 'PostgreSQL', variable: 'MODELGATE_TEST_POSTGRES_URL' },
  redis: { url: TEST_REDIS_URL, port: 6379, name: 'Redis', variable: 'MODELGATE_TEST_REDIS_URL' },
};

/** Whether something listens where the tests look: a TCP connect, one second at most. */
function listening(service: TestService): Promise<boolean> {
  const { url, port } = SERVICE_URLS[service];
  const address = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: address.hostname, port: Number(address.port || port) });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Which services answer, probed once per test file. */
const AVAILABLE: Record<TestService, boolean> = { postgres: await listening('postgres'), redis: await listening('redis') };

/**
 * Whether the tests that need `services` can run. A missing service skips them with a message
 * naming it (Redis' client would otherwise retry forever, and Jest never end); under CI (`CI` set,
 * as CI services do) it fails the run instead, so a machine without one cannot pass quietly.
 */
export function servicesAvailable(what: string, ...services: TestService[]): boolean {
  const missing = services.filter((service) => !AVAILABLE[service]);
  if (missing.length === 0) return true;
  const names = missing.map((service) => `${SERVICE_URLS[service].name} at ${SERVICE_URLS[service].url} (${SERVICE_URLS[service].variable})`).join(' and ');
  if (process.env.CI) throw new Error(`${what} needs ${names}, which does not answer`);
  console.warn(`skipped: ${what} needs ${names}, which does not answer; README.md, "Running the tests", says how to start it`);
  return false;
}

/** `describe` when the services answer, else `describe.skip` (with the message above). */
export const describeWith = (what: string, ...services: TestService[]): typeof describe.skip => (servicesAvailable(what, ...services) ? describe : describe.skip);

/** `it` when the services answer, else `it.skip` (with the message above). */
export const itWith = (what: string, ...services: TestService[]): typeof it.skip => (servicesAvailable(what, ...services) ? it : it.skip);

/** The variants (drivers, limiters) whose service answers; `needs` names the one a variant needs. */
export function withAvailableServices<T extends { name: string }>(variants: readonly T[], needs: (variant: T) => TestService | undefined): T[] {
  return variants.filter((variant) => {
    const service = needs(variant);
    return service === undefined || servicesAvailable(variant.name, service);
  });
}

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
      if (!AVAILABLE.postgres) return;
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
      // Nothing was written where no Redis answers, and its client would retry forever.
      if (!AVAILABLE.redis) return;
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
