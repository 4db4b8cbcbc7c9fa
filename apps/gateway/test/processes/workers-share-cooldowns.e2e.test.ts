import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { eventually } from '../support/eventually.js';
import { OPENAI_PROVIDER_PATH, type GatewayProcess } from '../support/gateway-process.js';
import { chatOnNewConnection, requestLogLines, startTwoWorkers } from '../support/worker-gateway.js';

const KEY = 'mg-workers-cooldown-key-0123456789';
const REQUESTS = 6;

const chats = (simulator: OpenAiSimulator) => simulator.requests.filter((seen) => seen.path.endsWith('/chat/completions')).length;

describe('server.workers: 2, a deployment that says it is overloaded', () => {
  let directory: string;
  let east: OpenAiSimulator;
  let west: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-workers-cooldown-'));
    [east, west] = await Promise.all([startOpenAiSimulator(), startOpenAiSimulator()]);
    // East answers 503 to every request it gets in this test (OpenAI's "overloaded" status).
    for (let index = 0; index < REQUESTS; index++) east.enqueueFault({ type: 'status', status: 503 });
    const instance = (id: string, simulator: OpenAiSimulator) => ({ package: OPENAI_PROVIDER_PATH, id, settings: { baseUrl: simulator.url, apiKey: 'sk-upstream' } });
    gateway = await startTwoWorkers(directory, east, [{ name: 'client', key: KEY }], {
      providers: [instance('east', east), instance('west', west)],
      // East goes first whenever it is in rotation (west's weight is 0: only a retry or a cooldown sends a request there).
      models: [{ id: 'gpt-test', provider: 'east', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'west', weight: 0 }] }],
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 }, cooldown: { failureThreshold: 1, cooldownMs: 600_000 } },
    });
  });

  afterAll(async () => {
    await gateway?.terminate();
    await Promise.all([east?.close(), west?.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  it('is out of rotation on both workers once one worker saw it fail', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < REQUESTS; index++) statuses.push(await chatOnNewConnection(gateway.url, KEY));

    expect(statuses).toEqual(Array<number>(REQUESTS).fill(200));
    // One request met east's 503 and moved on to west; no other request, on either worker, tried east.
    expect(chats(east)).toBe(1);
    expect(chats(west)).toBe(REQUESTS);
    await eventually(() => requestLogLines(gateway).length === REQUESTS, 5_000, 'every request logged');
    expect([...new Set(requestLogLines(gateway).map((line) => line.worker))].sort()).toEqual([1, 2]);
  });
});
