import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { KeyService } from '../../src/admin/key-service.js';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { startGateway } from '../../src/server/start-gateway.js';
import { copyStore } from '../../src/store/copy-store.js';
import type { GatewayStore } from '../../src/store/gateway-store.js';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { createTestPostgresSchema, describeWith, type TestPostgresSchema } from '../support/test-services.js';

const T0 = Date.UTC(2025, 5, 1, 12);

function usage(index: number, createdAt: number, keyId: string): UsageRecord {
  return {
    // Every tenth record is one from before schema version 2: no record id, no stage.
    ...(index % 10 === 0 ? {} : { recordId: `rec-${index}`, stage: 'responding' as const }),
    requestId: `req-${index}`,
    keyId,
    model: 'gpt-4.1-mini',
    family: 'openai',
    endpoint: 'chat',
    status: 200,
    promptTokens: index,
    completionTokens: 2 * index,
    cachedTokens: 0,
    reasoningTokens: 0,
    tokensEstimated: false,
    costUsd: index / 1000,
    latencyMs: 12.5,
    stream: index % 2 === 0,
    clientAborted: false,
    outcome: 'completed',
    createdAt,
  };
}

const everything = (store: GatewayStore) => store.queryUsage({ limit: 1_000_000 });
const byRequest = (records: UsageRecord[]) => [...records].sort((a, b) => a.requestId.localeCompare(b.requestId));

// docs/production.md's move from SQLite to PostgreSQL (scripts/copy-store.mjs): keys and usage
// records arrive whole, a key issued on SQLite works on a gateway running on PostgreSQL, and a
// second copy into the same store is refused.
describeWith('copying a store from SQLite to PostgreSQL', 'postgres')('copying a store from SQLite to PostgreSQL', () => {
  let directory: string;
  let postgres: TestPostgresSchema;
  let source: GatewayStore;
  let target: GatewayStore;
  let secret: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-copy-'));
    postgres = createTestPostgresSchema();
    source = await openGatewayStore({ driver: 'sqlite', path: join(directory, 'old.sqlite') });
    target = await openGatewayStore({ driver: 'postgres', url: postgres.url, schema: postgres.schema });
    const keys = new KeyService(source);
    const issued = await keys.create({ name: 'backend', owner: 'team-search', models: ['gpt-4.1*'], rpm: 600, budget: { usd: 5, period: 'month' } });
    secret = issued.secret;
    await keys.setDisabled((await keys.create({ name: 'paused' })).key.id, true);
    // 2 345 records; many share a millisecond, so pages end in the middle of one.
    const records = Array.from({ length: 2345 }, (_, index) => usage(index, T0 + Math.floor(index / 7), issued.key.id));
    for (let start = 0; start < records.length; start += 500) await source.insertUsage(records.slice(start, start + 500));
  });

  afterAll(async () => {
    await target?.close();
    await source?.close();
    await postgres?.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('copies every key and every usage record, whatever the page size', async () => {
    const copied = await copyStore(source, target, 100);
    expect(copied).toEqual({ keys: 2, keysAlreadyThere: 0, usageRecords: 2345 });
    const sortById = <T extends { id: string }>(keys: T[]) => [...keys].sort((a, b) => a.id.localeCompare(b.id));
    expect(sortById(await target.listKeys())).toEqual(sortById(await source.listKeys()));
    expect(byRequest(await everything(target))).toEqual(byRequest(await everything(source)));
    await expect(copyStore(source, target)).rejects.toThrow(/already holds usage records/);
  });

  it('serves the copied key from a gateway on PostgreSQL', async () => {
    const simulator = await startOpenAiSimulator();
    const config = parseGatewayConfig(
      {
        server: { host: '127.0.0.1', port: 0 },
        providers: [{ package: '@modelgate/provider-openai', settings: { baseUrl: simulator.url, apiKey: 'sk-sim' } }],
        storage: { driver: 'postgres', url: postgres.url, schema: postgres.schema },
      },
      {},
      'test',
    );
    const gateway = await startGateway(config, { logger: pino({ level: 'silent' }), baseDirectory: directory });
    try {
      const response = await fetch(`${gateway.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'moved' }] }),
      });
      expect(response.status).toBe(200);
      const unknownKey = await fetch(`${gateway.url}/v1/models`, { headers: { authorization: 'Bearer mg-not-a-key-00000000000' } });
      expect(unknownKey.status).toBe(401);
    } finally {
      await gateway.close();
      await simulator.close();
    }
  });
});
