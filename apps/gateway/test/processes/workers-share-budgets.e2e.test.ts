import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { eventually } from '../support/eventually.js';
import type { GatewayProcess } from '../support/gateway-process.js';
import { chatOnNewConnection, requestLogLines, startTwoWorkers } from '../support/worker-gateway.js';

const KEY = 'mg-workers-budget-key-0123456789';
const ADMITTED = 3;
const REQUESTS = 8;

/** The tokens the simulator counts for the chat `chatOnNewConnection` sends (its usage is deterministic). */
async function tokensPerChat(simulator: OpenAiSimulator): Promise<number> {
  const response = await fetch(`${simulator.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-upstream', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hello' }] }),
  });
  return ((await response.json()) as { usage: { total_tokens: number } }).usage.total_tokens;
}

describe('server.workers: 2 on the embedded store, a key with a budget', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-workers-budget-'));
    simulator = await startOpenAiSimulator();
    const tokens = await tokensPerChat(simulator);
    // A dollar a token: each chat costs `tokens` dollars, and the budget lets the spend reach it
    // ADMITTED times (spend 0, 1, 2 chats are under it; 3 chats are not).
    gateway = await startTwoWorkers(directory, simulator, [{ name: 'budgeted', key: KEY, budget: { usd: (ADMITTED - 0.5) * tokens, period: 'day' } }], {
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: { input: 1_000_000, output: 1_000_000 } }],
    });
  });

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('admits exactly what the budget allows, one chat after another, whichever worker gets each', async () => {
    const before = simulator.requests.length;
    const statuses: number[] = [];
    for (let index = 0; index < REQUESTS; index++) statuses.push(await chatOnNewConnection(gateway.url, KEY));

    expect(statuses).toEqual([...Array<number>(ADMITTED).fill(200), ...Array<number>(REQUESTS - ADMITTED).fill(429)]);
    expect(simulator.requests.slice(before).filter((seen) => seen.path.endsWith('/chat/completions'))).toHaveLength(ADMITTED);
    // The connections went to both workers in turn: each refused some after the other's spend.
    await eventually(() => requestLogLines(gateway).length === REQUESTS, 5_000, 'every request logged');
    const refusedBy = new Set(requestLogLines(gateway).filter((line) => line.status === 429).map((line) => line.worker));
    expect([...refusedBy].sort()).toEqual([1, 2]);
  });
});
