import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { chat } from '../support/admin-client.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

// A budget counts the spend of its period: `month` from the first instant of the UTC month,
// `total` since the key's first request. Earlier spend is written into the gateway's store before
// it starts, as earlier requests (of this replica or another) would have left it.
const BUDGET = { usd: 1 };
const keys = {
  lastMonth: 'mg-budget-month-spent-last-month-0001',
  thisMonth: 'mg-budget-month-spent-this-month-0002',
  longAgo: 'mg-budget-total-spent-long-ago-000003',
  dayOfLastMonth: 'mg-budget-day-spent-last-month-00004',
};

function spentRecord(keyName: string, createdAt: number): UsageRecord {
  return {
    recordId: `rec_${keyName}`,
    requestId: `req_${keyName}`,
    keyId: `config:${keyName}`,
    model: 'gpt-test',
    family: 'openai',
    endpoint: 'chat',
    status: 200,
    promptTokens: 1_000,
    completionTokens: 1_000,
    cachedTokens: 0,
    reasoningTokens: 0,
    tokensEstimated: false,
    costUsd: 5,
    latencyMs: 10,
    stream: false,
    clientAborted: false,
    outcome: 'completed',
    stage: 'responding',
    createdAt,
  };
}

describe('budget periods month and total', () => {
  let directory: string;
  let harness: TestGateway;
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-budget-periods-'));
    const storage = { driver: 'sqlite' as const, path: join(directory, 'store.sqlite') };
    const store = await openGatewayStore(storage);
    await store.insertUsage([
      spentRecord('last-month', monthStart - 1),
      spentRecord('this-month', monthStart),
      spentRecord('long-ago', Date.UTC(2020, 0, 1)),
      spentRecord('day-of-last-month', monthStart - 1),
    ]);
    await store.close();
    harness = await startTestGateway({
      storage,
      keys: [
        { name: 'last-month', key: keys.lastMonth, budget: { ...BUDGET, period: 'month' } },
        { name: 'this-month', key: keys.thisMonth, budget: { ...BUDGET, period: 'month' } },
        { name: 'long-ago', key: keys.longAgo, budget: { ...BUDGET, period: 'total' } },
        { name: 'day-of-last-month', key: keys.dayOfLastMonth, budget: { ...BUDGET, period: 'total' } },
      ],
    });
  });
  afterAll(async () => {
    await harness?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('month: spend from the last instant of the previous month does not count', async () => {
    expect((await chat(harness.baseUrl, keys.lastMonth)).status).toBe(200);
  });

  it('month: spend from the first instant of this month counts, and the refusal names the monthly budget', async () => {
    const upstreamRequestsBefore = harness.simulator.requests.length;
    const refused = await chat(harness.baseUrl, keys.thisMonth);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { message: expect.stringContaining('monthly budget'), type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
    expect(harness.simulator.requests.length).toBe(upstreamRequestsBefore);
  });

  it('total: spend of any time counts, years ago or last month', async () => {
    for (const key of [keys.longAgo, keys.dayOfLastMonth]) {
      const refused = await chat(harness.baseUrl, key);
      expect({ key, status: refused.status, code: (refused.body as { error: { code: string } }).error.code }).toEqual({ key, status: 429, code: 'insufficient_quota' });
    }
  });
});
