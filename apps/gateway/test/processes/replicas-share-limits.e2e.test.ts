import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { adminClient, chat, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { dumpPostgresSchema } from '../support/dump-store.js';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { createTestPostgresSchema, createTestRedisPrefix, describeWith } from '../support/test-services.js';

const RPM_LIMIT = 100;
const REQUESTS = 240;
const IN_FLIGHT = 24;

describeWith('two gateway processes on one PostgreSQL and one Redis', 'postgres', 'redis')('two gateway processes on one PostgreSQL and one Redis', () => {
  const postgres = createTestPostgresSchema();
  const redis = createTestRedisPrefix();
  let directory: string;
  let simulator: OpenAiSimulator;
  let replicas: GatewayProcess[] = [];

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-replicas-'));
    simulator = await startOpenAiSimulator();
    const config = {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 2_000 },
      logging: { level: 'info' as const },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-upstream' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      storage: { driver: 'postgres' as const, url: postgres.url, schema: postgres.schema },
      redis: { url: redis.url, keyPrefix: redis.keyPrefix },
      admin: { token: TEST_ADMIN_TOKEN },
    };
    // Started together, so both apply the migrations at once: the advisory lock lets one do it.
    replicas = await Promise.all([startGatewayProcess(directory, 'a', config), startGatewayProcess(directory, 'b', config)]);
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.terminate()));
    await simulator?.close();
    await postgres.drop();
    await redis.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('admits one RPM limit across both, records usage once per request, and keeps the key out of logs and tables', async () => {
    const issued = await adminClient(replicas[0]!.url).createKey({ name: 'shared', rpm: RPM_LIMIT });
    // The key issued on one replica works on the other at once: the store is shared.
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        const replica = replicas[index % 2]!;
        statuses.push((await chat(`${replica.url}/v1`, issued.secret)).status);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    const admitted = statuses.filter((status) => status === 200).length;
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(Math.abs(admitted - RPM_LIMIT)).toBeLessThanOrEqual(RPM_LIMIT * 0.01);

    await Promise.all(replicas.map((replica) => replica.terminate()));
    const { aggregates, records } = await import('../../src/store/open-gateway-store.js').then(async ({ openGatewayStore }) => {
      const store = await openGatewayStore({ driver: 'postgres', url: postgres.url, schema: postgres.schema });
      const found = {
        aggregates: await store.aggregateUsage({ keyId: issued.key.id }, 'key'),
        records: await store.queryUsage({ keyId: issued.key.id, limit: REQUESTS * 2 }),
      };
      await store.close();
      return found;
    });
    // One record per request, the refused ones included (with their 429 and no tokens).
    expect(aggregates).toEqual([expect.objectContaining({ group: issued.key.id, requests: REQUESTS })]);
    expect(records.filter((record) => record.status === 200)).toHaveLength(admitted);
    expect(records.filter((record) => record.status === 429 && record.promptTokens === 0)).toHaveLength(REQUESTS - admitted);

    const tables = await dumpPostgresSchema(postgres.url, postgres.schema);
    expect(tables).toContain(issued.key.id);
    for (const secret of [issued.secret, TEST_ADMIN_TOKEN]) {
      expect(tables).not.toContain(secret);
      for (const replica of replicas) expect(replica.output()).not.toContain(secret);
    }
  });
});
