import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { eventually } from '../support/eventually.js';
import type { GatewayProcess } from '../support/gateway-process.js';
import { chatOnNewConnection, requestLogLines, startTwoWorkers } from '../support/worker-gateway.js';

const KEY = 'mg-workers-test-key-0123456789';
const RPM_LIMIT = 10;
const REQUESTS = 40;

describe('server.workers: 2 on the embedded store, no Redis', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-workers-'));
    simulator = await startOpenAiSimulator();
    gateway = await startTwoWorkers(directory, simulator, [{ name: 'limited', key: KEY, rpm: RPM_LIMIT }]);
  });

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('admits exactly the key RPM across both workers, records each request once, and stops both on SIGTERM', async () => {
    const statuses = await Promise.all(Array.from({ length: REQUESTS }, () => chatOnNewConnection(gateway.url, KEY)));

    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RPM_LIMIT);
    expect(simulator.requests.filter((seen) => seen.path.endsWith('/chat/completions'))).toHaveLength(RPM_LIMIT);
    // Both workers answered some of them (each request log line, written as its connection
    // closes, names its worker).
    await eventually(() => requestLogLines(gateway).length === REQUESTS, 5_000, 'every request logged');
    expect([...new Set(requestLogLines(gateway).map((line) => line.worker))].sort()).toEqual([1, 2]);

    expect(await gateway.terminate()).toBe(0);
    expect(gateway.output().match(/"msg":"gateway stopped"/g)).toHaveLength(3);
    const { openGatewayStore } = await import('../../src/store/open-gateway-store.js');
    const store = await openGatewayStore({ driver: 'sqlite' }, { MODELGATE_DATA_DIR: directory }, directory);
    const records = await store.queryUsage({ keyId: 'config:limited', limit: REQUESTS * 2 });
    await store.close();
    expect(records).toHaveLength(REQUESTS);
    expect(records.filter((record) => record.status === 200)).toHaveLength(RPM_LIMIT);
    expect(new Set(records.map((record) => record.requestId)).size).toBe(REQUESTS);
  });
});

describe('server.workers: a worker that dies', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-workers-crash-'));
    simulator = await startOpenAiSimulator();
    gateway = await startTwoWorkers(directory, simulator, [{ name: 'limited', key: KEY, maxConcurrent: 50 }]);
  });

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('is replaced, and the gateway keeps serving on the same port', async () => {
    const statuses = await Promise.all(Array.from({ length: 4 }, () => chatOnNewConnection(gateway.url, KEY)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    await eventually(() => requestLogLines(gateway).length === 4, 5_000, 'the requests logged');
    process.kill(requestLogLines(gateway)[0]!.pid, 'SIGKILL');

    await eventually(() => gateway.output().match(/Try it:/g)?.length === 3, 15_000, 'a third worker listens');
    expect(gateway.output()).toContain('"msg":"a worker exited; starting another"');
    const after = await Promise.all(Array.from({ length: 4 }, () => chatOnNewConnection(gateway.url, KEY)));
    expect(after).toEqual([200, 200, 200, 200]);
    expect(await gateway.terminate()).toBe(0);
  });
});
