import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { GatewayStore } from '../../src/store/gateway-store.js';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import type { StoredKey } from '../../src/store/stored-key.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { createTestPostgresSchema, withAvailableServices } from '../support/test-services.js';

interface StoreUnderTest {
  readonly name: string;
  open(): Promise<{ store: GatewayStore; reopen(): Promise<GatewayStore>; cleanup(): Promise<void> }>;
}

const DRIVERS: StoreUnderTest[] = [
  {
    name: 'SQLite (node:sqlite)',
    async open() {
      const { mkdtemp, rm } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const directory = await mkdtemp(join(tmpdir(), 'modelgate-store-'));
      const config = { driver: 'sqlite' as const, path: join(directory, 'store.sqlite') };
      return { store: await openGatewayStore(config), reopen: () => openGatewayStore(config), cleanup: () => rm(directory, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL (pg)',
    async open() {
      const schema = createTestPostgresSchema();
      const config = { driver: 'postgres' as const, url: schema.url, schema: schema.schema };
      return { store: await openGatewayStore(config), reopen: () => openGatewayStore(config), cleanup: () => schema.drop() };
    },
  },
];

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 10, 12);

function key(overrides: Partial<StoredKey> = {}): StoredKey {
  return {
    id: 'key_one',
    name: 'backend',
    owner: 'team-a',
    keyHash: 'a'.repeat(64),
    keyPrefix: 'mg-abcdefg',
    policy: { models: ['gpt-*'], endpoints: ['chat'], rpm: 10, budget: { usd: 5, period: 'day' } },
    createdAt: T0,
    disabled: false,
    ...overrides,
  };
}

function usage(overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    recordId: `rec_${overrides.requestId ?? 'req_1'}`,
    requestId: 'req_1',
    keyId: 'key_one',
    model: 'gpt-4.1-mini',
    family: 'openai',
    endpoint: 'chat',
    status: 200,
    promptTokens: 100,
    completionTokens: 50,
    cachedTokens: 10,
    reasoningTokens: 0,
    tokensEstimated: false,
    costUsd: 0.25,
    latencyMs: 12.5,
    timeToFirstTokenMs: 3.25,
    stream: true,
    clientAborted: false,
    outcome: 'completed',
    stage: 'streaming',
    createdAt: T0,
    ...overrides,
  };
}

/** Two keys: `key_one` (policy, owner) and `key_two` (no policy, expires a day after T0). */
async function insertTwoKeys(store: GatewayStore): Promise<void> {
  await store.insertKey(key());
  await store.insertKey(key({ id: 'key_two', name: 'notebook', owner: undefined, keyHash: 'b'.repeat(64), keyPrefix: 'mg-zzzzzzz', policy: {}, expiresAt: T0 + DAY }));
}

/** 450 records on T0's day (a third `key_two`, every other one `gpt-4.1`), and one for `key_one` the next day. */
const NEXT_DAY_RECORD = usage({ requestId: 'req_next_day', createdAt: T0 + DAY, timeToFirstTokenMs: undefined, stream: false, clientAborted: true, tokensEstimated: true });
async function insertTwoDaysOfUsage(store: GatewayStore): Promise<void> {
  const records = Array.from({ length: 450 }, (_, index) =>
    usage({ requestId: `req_${index}`, createdAt: T0 + index, keyId: index % 3 === 0 ? 'key_two' : 'key_one', model: index % 2 ? 'gpt-4.1' : 'gpt-4.1-mini' }),
  );
  await store.insertUsage(records);
  await store.insertUsage([NEXT_DAY_RECORD]);
}

// Each test opens a new, empty store and writes the data it reads, so tests pass alone and in any order.
describe.each(withAvailableServices(DRIVERS, (variant) => (variant.name.startsWith('PostgreSQL') ? 'postgres' : undefined)))('GatewayStore on $name', (driver) => {
  let store: GatewayStore;
  let reopen: () => Promise<GatewayStore>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ store, reopen, cleanup } = await driver.open());
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  it('applies its migrations once: opening the store again changes nothing', async () => {
    const again = await reopen();
    await expect(again.listKeys()).resolves.toEqual([]);
    await again.close();
  });

  it('keeps keys and finds them by hash, id and prefix', async () => {
    await insertTwoKeys(store);
    await expect(store.findKeyByHash('a'.repeat(64))).resolves.toEqual(key());
    await expect(store.findKey('key_two')).resolves.toMatchObject({ name: 'notebook', expiresAt: T0 + DAY, owner: undefined });
    await expect(store.findKey('mg-zzzzzzz')).resolves.toMatchObject({ id: 'key_two' });
    await expect(store.findKeyByHash('c'.repeat(64))).resolves.toBeUndefined();
    expect((await store.listKeys()).map((stored) => stored.id)).toEqual(['key_one', 'key_two']);
  });

  it('keeps the first owner recorded for a vendor-side object and its provider instance, and knows no owner for an unknown id (issues 27, 31)', async () => {
    await store.recordStateOwner('resp_1', { keyId: 'key_one', provider: 'openai-eu' }, T0);
    await store.recordStateOwner('resp_1', { keyId: 'key_two', provider: 'openai-us' }, T0 + 1);
    await store.recordStateOwner('resp_3', { keyId: 'key_two' }, T0);
    await expect(store.stateOwner('resp_1')).resolves.toEqual({ keyId: 'key_one', provider: 'openai-eu' });
    await expect(store.stateOwner('resp_3')).resolves.toEqual({ keyId: 'key_two' });
    await expect(store.stateOwner('resp_2')).resolves.toBeUndefined();
  });

  it('refuses a second key with the same hash', async () => {
    await insertTwoKeys(store);
    await expect(store.insertKey(key({ id: 'key_three' }))).rejects.toThrow();
  });

  it('updates revocation, the disabled flag and the hash', async () => {
    await insertTwoKeys(store);
    await expect(store.updateKey('key_two', { disabled: true, revokedAt: T0 + 5 })).resolves.toMatchObject({ disabled: true, revokedAt: T0 + 5 });
    await store.updateKey('key_two', { keyHash: 'd'.repeat(64), keyPrefix: 'mg-ddddddd' });
    await expect(store.findKeyByHash('d'.repeat(64))).resolves.toMatchObject({ id: 'key_two', keyPrefix: 'mg-ddddddd' });
    await expect(store.findKeyByHash('b'.repeat(64))).resolves.toBeUndefined();
    await expect(store.updateKey('key_missing', { disabled: true })).resolves.toBeUndefined();
  });

  it('writes usage in batches and reads it back with filters, newest first', async () => {
    await insertTwoDaysOfUsage(store);
    const newest = await store.queryUsage({ limit: 2 });
    expect(newest.map((record) => record.requestId)).toEqual(['req_next_day', 'req_449']);
    expect(newest[0]).toEqual(NEXT_DAY_RECORD);
    const filtered = await store.queryUsage({ keyId: 'key_two', model: 'gpt-4.1-mini', from: T0, to: T0 + 10, limit: 100 });
    expect(filtered.map((record) => record.requestId)).toEqual(['req_6', 'req_0']);
  });

  it('writes a record once, however often it is replayed (same record id), within a batch or across batches', async () => {
    const replayed = usage({ requestId: 'req_replayed', keyId: 'key_replay', createdAt: T0 + 2 * DAY, outcome: 'client_aborted', clientAborted: true, stage: 'upstream' });
    await store.insertUsage([replayed, replayed]);
    await store.insertUsage([replayed, usage({ requestId: 'req_replayed', keyId: 'key_replay', recordId: 'rec_other_request_same_client_id', createdAt: T0 + 2 * DAY })]);
    const records = await store.queryUsage({ from: T0 + 2 * DAY });
    expect(records.map((record) => record.recordId).sort()).toEqual(['rec_other_request_same_client_id', 'rec_req_replayed']);
    expect(records.find((record) => record.recordId === 'rec_req_replayed')).toEqual(replayed);
    await store.insertUsage([]);
  });

  it('aggregates by key, model and UTC day', async () => {
    await insertTwoDaysOfUsage(store);
    const byDay = await store.aggregateUsage({ to: T0 + 2 * DAY }, 'day');
    expect(byDay).toEqual([
      { group: '2025-01-10', requests: 450, promptTokens: 45_000, completionTokens: 22_500, costUsd: expect.closeTo(112.5, 6) },
      { group: '2025-01-11', requests: 1, promptTokens: 100, completionTokens: 50, costUsd: expect.closeTo(0.25, 6) },
    ]);
    const byKey = await store.aggregateUsage({ to: T0 + DAY }, 'key');
    expect(byKey.map((row) => [row.group, row.requests])).toEqual([['key_one', 300], ['key_two', 150]]);
    const byModel = await store.aggregateUsage({ keyId: 'key_two' }, 'model');
    expect(byModel.map((row) => [row.group, row.requests])).toEqual([['gpt-4.1', 75], ['gpt-4.1-mini', 75]]);
  });

  it('buckets usage by hour or day, split by family, with errors and nearest-rank latency percentiles, in SQL', async () => {
    const hour = T0 + 100 * DAY;
    const records = [
      ...Array.from({ length: 20 }, (_, index) =>
        usage({ requestId: `series_${index}`, keyId: 'key_series', model: 'series-a', latencyMs: index + 1, status: index < 2 ? 500 : 200, costUsd: 0.5, createdAt: hour + index * 60_000 }),
      ),
      usage({ requestId: 'series_late', keyId: 'key_series', model: 'series-b', family: 'anthropic', latencyMs: 7, createdAt: hour + 3_600_000 + 5 }),
    ];
    await store.insertUsage(records);
    const window = { from: hour, to: hour + DAY };
    await expect(store.usageSeries(window, { bucket: 'hour', by: 'family' })).resolves.toEqual([
      { bucketStart: hour, group: 'openai', requests: 20, errors: 2, promptTokens: 2_000, completionTokens: 1_000, costUsd: 10, latencyP50Ms: 10, latencyP95Ms: 19, latencyP99Ms: 20 },
      { bucketStart: hour + 3_600_000, group: 'anthropic', requests: 1, errors: 0, promptTokens: 100, completionTokens: 50, costUsd: 0.25, latencyP50Ms: 7, latencyP95Ms: 7, latencyP99Ms: 7 },
    ]);
    const [day] = await store.usageSeries(window, { bucket: 'day', by: 'none' });
    expect(day).toMatchObject({ bucketStart: hour - (hour % DAY), group: '', requests: 21, errors: 2, latencyP50Ms: 10, latencyP95Ms: 19, latencyP99Ms: 20 });
    await expect(store.usageSeries({ ...window, model: 'series-b' }, { bucket: 'day', by: 'model' })).resolves.toMatchObject([{ group: 'series-b', requests: 1 }]);
  });

  it('sums a key’s spend since a moment', async () => {
    await insertTwoDaysOfUsage(store);
    await expect(store.spendSince('key_one', T0 + DAY)).resolves.toBeCloseTo(0.25, 6);
    await expect(store.spendSince('key_two', 0)).resolves.toBeCloseTo(150 * 0.25, 6);
    await expect(store.spendSince('key_nobody', 0)).resolves.toBe(0);
  });
});
