import { once } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { adminClient, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { authorized, startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

// Deployments, retries, cooldowns and fallbacks through the gateway over real HTTP: one healthy
// OpenAI simulator, one upstream that answers 503 to everything, one that resets every connection.

async function listen<T extends Server | TcpServer>(server: T): Promise<{ server: T; url: string }> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** An upstream that is always overloaded, counting what it was sent. */
async function alwaysUnavailable() {
  let requests = 0;
  const { server, url } = await listen(
    createHttpServer((request, response) => {
      requests++;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error', param: null, code: null } }));
    }),
  );
  return { url, requests: () => requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** An upstream that accepts each connection and resets it at once. */
async function resettingConnections() {
  let connections = 0;
  const { server, url } = await listen(
    createTcpServer((socket) => {
      connections++;
      socket.resetAndDestroy();
    }),
  );
  return { url, connections: () => connections, close: () => new Promise((resolve) => server.close(resolve)) };
}

interface Harness extends GatewayInFrontOf<OpenAiSimulator> {
  readonly closeAll: () => Promise<void>;
}

async function startHarness(config: (simulatorUrl: string) => Partial<GatewayConfigInput>): Promise<Harness> {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  const harness = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
    providers: [],
    ...config(simulator.url),
  });
  return { ...harness, closeAll: () => harness.close() };
}

const openAi = (id: string, baseUrl: string) => ({ package: '@modelgate/provider-openai', id, routeUnlistedModels: false, settings: { baseUrl, apiKey: UPSTREAM_KEY } });

async function chat(harness: Harness, model: string, stream: boolean): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${harness.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: authorized(),
    body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'Say hello' }] }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function usageRecords(harness: Harness, count: number): Promise<UsageRecord[]> {
  for (;;) {
    const { body } = await adminClient(harness.gateway.url).call('GET', '/usage?limit=1000');
    const records = body.records as UsageRecord[];
    if (records.length >= count) return records;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('resilience: deployments, retries, cooldowns and fallbacks', () => {
  let harness: Harness | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    await harness?.closeAll();
    harness = undefined;
    for (const close of closers.splice(0)) await close();
  });

  it('serves 1,000 requests (half streamed) without a client error while one deployment answers 503 and another resets connections', async () => {
    const unavailable = await alwaysUnavailable();
    const resetting = await resettingConnections();
    closers.push(unavailable.close, resetting.close);
    harness = await startHarness((healthy) => ({
      providers: [openAi('down', unavailable.url), openAi('flaky', resetting.url), openAi('healthy', healthy)],
      models: [{ id: 'house', provider: 'down', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'flaky' }, { provider: 'healthy' }] }],
      resilience: { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 10 }, cooldown: { failureThreshold: 3, cooldownMs: 60_000 } },
    }));
    const gateway = harness;
    const statuses: number[] = [];
    const total = 1_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const index = next++;
          const result = await chat(gateway, 'house', index % 2 === 0);
          statuses.push(result.status);
          if (result.status === 200) expect(result.headers.get('x-modelgate-deployment')).toBe('healthy/gpt-4.1-mini');
          if (index % 2 === 0) expect(result.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Both broken deployments left rotation after three failures each (a few requests raced them).
    expect(unavailable.requests()).toBeLessThan(3 + 16);
    expect(resetting.connections()).toBeLessThan(2 * (3 + 16));
    const deployments = (await adminClient(gateway.gateway.url).call('GET', '/deployments')).body.data as Array<{ model: string; deployments: Array<{ id: string; state: string }> }>;
    expect(deployments.find((entry) => entry.model === 'house')?.deployments.map(({ id, state }) => [id, state])).toEqual([
      ['down/gpt-4.1-mini', 'cooling-down'],
      ['flaky/gpt-4.1-mini', 'cooling-down'],
      ['healthy/gpt-4.1-mini', 'in-rotation'],
    ]);
    const health = (await (await fetch(`${gateway.gateway.url}/health`)).json()) as { deployments: Record<string, number> };
    expect(health.deployments).toEqual({ inRotation: 1, outOfRotation: 2, modelsWithoutDeployment: 0 });
    // One usage record per client request, naming the deployment that answered and every attempt.
    const records = await usageRecords(gateway, total);
    expect(records).toHaveLength(total);
    expect(records.every((record) => record.deployment === 'healthy/gpt-4.1-mini' && record.attempts?.at(-1)?.deployment === 'healthy/gpt-4.1-mini')).toBe(true);
    const retried = records.filter((record) => (record.attempts?.length ?? 0) > 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.flatMap((record) => record.attempts!.slice(0, -1).map((attempt) => attempt.errorKind))).toEqual(expect.arrayContaining(['overloaded', 'server']));
  }, 120_000);

  it('falls back to another model on a rate limit, says which model answered, and records every attempt', async () => {
    harness = await startHarness((healthy) => ({
      providers: [openAi('primary', healthy), openAi('spare', healthy)],
      models: [
        { id: 'house', provider: 'primary', upstreamModel: 'gpt-4.1', fallbacks: [{ model: 'cheap', on: ['rate_limited'] }] },
        { id: 'cheap', provider: 'spare', upstreamModel: 'gpt-4.1-mini' },
      ],
    }));
    harness.simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 30 });
    const result = await chat(harness, 'house', false);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-modelgate-model')).toBe('cheap');
    expect(result.headers.get('x-modelgate-deployment')).toBe('spare/gpt-4.1-mini');
    expect(harness.simulator.requests.map((request) => (request.body as { model: string }).model)).toEqual(['gpt-4.1', 'gpt-4.1-mini']);
    const [record] = await usageRecords(harness, 1);
    expect(record).toMatchObject({
      model: 'house',
      deployment: 'spare/gpt-4.1-mini',
      attempts: [
        { model: 'house', deployment: 'primary/gpt-4.1', errorKind: 'rate_limited' },
        { model: 'cheap', deployment: 'spare/gpt-4.1-mini', status: 200 },
      ],
    });

    // A kind the fallback does not take over from reaches the client as it was.
    harness.simulator.enqueueFault({ type: 'status', status: 500 });
    expect((await chat(harness, 'house', false)).status).toBe(500);
  });

  // One fault at a time on a single deployment, retries on: what the client gets, and one usage
  // record per request with its attempts. Faults before the first byte are retried; after it not.
  const FAULTS: ReadonlyArray<{ name: string; stream: boolean; fault: Parameters<OpenAiSimulator['enqueueFault']>[0]; status: number; attempts: Array<string | number>; ending?: RegExp }> = [
    { name: '429 with retry-after', stream: false, fault: { type: 'status', status: 429, retryAfterSeconds: 0 }, status: 200, attempts: ['rate_limited', 200] },
    // OpenAI's usual 429: x-ratelimit-* headers, no retry-after.
    { name: '429 without retry-after', stream: true, fault: { type: 'status', status: 429 }, status: 200, attempts: ['rate_limited', 200] },
    { name: 'a 503', stream: true, fault: { type: 'status', status: 503 }, status: 200, attempts: ['overloaded', 200] },
    { name: 'a garbage body', stream: false, fault: { type: 'malformed-chunk', afterChunks: 0 }, status: 200, attempts: ['server', 200] },
    { name: 'a reset while the whole answer arrives', stream: false, fault: { type: 'reset-mid-stream', afterChunks: 0 }, status: 200, attempts: ['server', 200] },
    { name: 'a stream cut after its first events', stream: true, fault: { type: 'reset-mid-stream', afterChunks: 2 }, status: 200, attempts: [200], ending: /upstream_interrupted/ },
    // Silent from its headers on: no content had reached the client, so it is retried.
    { name: 'a stream silent past streamIdleTimeoutMs before any content', stream: true, fault: { type: 'stall', ms: 1_500 }, status: 200, attempts: ['timeout', 200] },
  ];

  it.each(FAULTS)('$name: the client gets $status, and one usage record lists the attempts', async ({ stream, fault, status, attempts, ending }) => {
    harness = await startHarness((healthy) => ({
      providers: [openAi('only', healthy)],
      models: [{ id: 'house', provider: 'only', upstreamModel: 'gpt-4.1-mini' }],
      upstream: { streamIdleTimeoutMs: 300 },
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
    }));
    harness.simulator.enqueueFault(fault);
    const result = await chat(harness, 'house', stream);
    expect(result.status).toBe(status);
    if (ending) expect(result.text).toMatch(ending);
    else if (stream) expect(result.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const records = await usageRecords(harness, 1);
    expect(records).toHaveLength(1);
    expect(records[0]!.attempts?.map((attempt) => attempt.errorKind ?? attempt.status)).toEqual(attempts);
  });

  it("waits out an upstream 429's retry-after, and its own backoff when the 429 has none (OpenAI's usual one)", async () => {
    harness = await startHarness((healthy) => ({
      providers: [openAi('only', healthy)],
      models: [{ id: 'house', provider: 'only', upstreamModel: 'gpt-4.1-mini' }],
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 400, maxDelayMs: 400 } },
    }));
    const timed = async () => {
      const started = performance.now();
      const result = await chat(harness!, 'house', false);
      return { ...result, elapsedMs: performance.now() - started };
    };
    // No retry-after: the jittered backoff, at least half the base delay.
    harness.simulator.enqueueFault({ type: 'status', status: 429 });
    const bare = await timed();
    expect({ status: bare.status, attempts: bare.headers.get('x-modelgate-attempts') }).toEqual({ status: 200, attempts: '2' });
    expect(bare.elapsedMs).toBeGreaterThanOrEqual(200);
    // retry-after: 1 outweighs a backoff of at most 400 ms.
    harness.simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 1 });
    const asked = await timed();
    expect({ status: asked.status, attempts: asked.headers.get('x-modelgate-attempts') }).toEqual({ status: 200, attempts: '2' });
    expect(asked.elapsedMs).toBeGreaterThanOrEqual(1_000);
    // Both 429s reached the upstream, each followed by its retry.
    expect(harness.simulator.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(4);
  });

  it("an overloaded error as a stream's first event gets its own status, or a retry: the answer had not started", async () => {
    const anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-faults' });
    closers.push(() => anthropic.close());
    harness = await startHarness(() => ({
      providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-faults' } }],
      models: [
        { id: 'house', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5' },
        { id: 'house-retried', provider: 'anthropic', upstreamModel: 'claude-haiku-4-5' },
      ],
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 1 } },
    }));
    const overloaded = { content: [{ type: 'text' as const, text: 'never sent' }], streamError: { type: 'overloaded_error', message: 'Overloaded' } };
    // Retried: the second attempt's answer is the only one the client sees.
    anthropic.enqueueReply(overloaded);
    anthropic.enqueueReply({ content: [{ type: 'text', text: 'Second time lucky.' }] });
    const retried = await chat(harness, 'house-retried', true);
    expect(retried.status).toBe(200);
    const said = retried.text.split('\n').filter((line) => line.startsWith('data: {')).map((line) => (JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '').join('');
    expect(said).toBe('Second time lucky.');
    expect(retried.text).not.toContain('"error"');
    expect(retried.headers.get('x-modelgate-attempts')).toBe('2');
    // Not retried (both attempts overloaded): a 503 status in the envelope, not a 200 with an error frame.
    anthropic.enqueueReply(overloaded);
    anthropic.enqueueReply(overloaded);
    const refused = await chat(harness, 'house', true);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'overloaded' } });
    const records = await usageRecords(harness, 2);
    expect(records.find((record) => record.model === 'house-retried')).toMatchObject({ outcome: 'completed', attempts: [{ errorKind: 'overloaded' }, { status: 200 }] });
    expect(records.find((record) => record.model === 'house')).toMatchObject({ status: 503, outcome: 'failed', attempts: [{ errorKind: 'overloaded' }, { errorKind: 'overloaded' }] });
  });

  it('is ready only while every model has a deployment in rotation', async () => {
    const unavailable = await alwaysUnavailable();
    closers.push(unavailable.close);
    harness = await startHarness(() => ({
      providers: [openAi('down', unavailable.url), openAi('down-too', unavailable.url)],
      models: [{ id: 'house', provider: 'down', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'down-too' }] }],
      resilience: { cooldown: { failureThreshold: 1, cooldownMs: 60_000 } },
    }));
    expect((await fetch(`${harness.gateway.url}/ready`)).status).toBe(200);
    for (let request = 0; request < 2; request++) await chat(harness, 'house', false);
    const notReady = await fetch(`${harness.gateway.url}/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not_ready', checks: { store: 'ok', limiter: 'ok', modelsWithoutDeployment: 1 } });
    const refused = await chat(harness, 'house', false);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'no_deployment_available' } });
  });
});
