import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { openGatewayStore } from '../store/open-gateway-store.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import { BudgetHost } from './budget-host.js';
import { IpcBudgetGuard } from './ipc-budget-guard.js';
import { SpendLedger } from './spend-ledger.js';

/** A worker's end and the primary's end of one channel, as cluster gives them (messages cross asynchronously). */
function connect(host: BudgetHost): IpcBudgetGuard {
  const worker = new EventEmitter();
  const primary = new EventEmitter();
  host.attach({
    on: (event: 'message' | 'exit', listener: (message: unknown) => void) => primary.on(event, listener),
    send: (message) => setImmediate(() => worker.emit('message', message)) !== undefined,
  });
  return new IpcBudgetGuard((message) => setImmediate(() => primary.emit('message', message)) !== undefined, worker);
}

function spent(recordId: string, costUsd: number): UsageRecord {
  return {
    recordId,
    requestId: `req_${recordId}`,
    keyId: 'k',
    model: 'gpt-test',
    family: 'openai',
    endpoint: 'chat',
    status: 200,
    promptTokens: 1,
    completionTokens: 1,
    cachedTokens: 0,
    reasoningTokens: 0,
    tokensEstimated: false,
    costUsd,
    latencyMs: 1,
    stream: false,
    clientAborted: false,
    outcome: 'completed',
    stage: 'responding',
    createdAt: Date.now(),
  };
}

const KEY = { id: 'k', budget: { usd: 2.5, period: 'day' } } as AuthenticatedKey;

describe('BudgetHost and IpcBudgetGuard', () => {
  it("count the store's spend once, then every worker's noted cost, so one worker's spend refuses on the other", async () => {
    const store = await openGatewayStore({ driver: 'sqlite', path: ':memory:' });
    try {
      await store.insertUsage([spent('earlier-run', 1)]);
      const host = new BudgetHost(new SpendLedger(async () => store));
      const [first, second] = [connect(host), connect(host)];

      expect(await first.isWithinBudget(KEY)).toBe(true);
      first.noteSpend('k', 1);
      expect(await second.isWithinBudget(KEY)).toBe(true);
      // The noted cost's record reaches the store: counted once, not again.
      await store.insertUsage([spent('first-worker', 1)]);
      second.noteSpend('k', 1);
      expect(await first.isWithinBudget(KEY)).toBe(false);
      expect(await second.isWithinBudget(KEY)).toBe(false);
      expect(await first.isWithinBudget({ id: 'free' } as AuthenticatedKey)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
