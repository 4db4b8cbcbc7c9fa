import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { createTestPostgresSchema, createTestRedisPrefix, describeWith } from '../support/test-services.js';

// Two replicas share their limits through Redis and their spend through PostgreSQL: what one has
// admitted (a request's tokens, its place in the concurrency limit) or spent counts on the other.
// A request held in flight on replica A (its upstream stalls) is what replica B must see.
describeWith('two gateway processes share TPM, concurrency and budgets', 'postgres', 'redis')('two gateway processes share TPM, concurrency and budgets', () => {
  const postgres = createTestPostgresSchema();
  const redis = createTestRedisPrefix();
  let directory: string;
  let simulator: OpenAiSimulator;
  let a: GatewayProcess;
  let b: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-replica-limits-'));
    simulator = await startOpenAiSimulator();
    const config = {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 1_000 },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-upstream' } }],
      // A dollar a token: any answered request spends more than the budgets below.
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: { input: 1_000_000, output: 1_000_000 } }],
      storage: { driver: 'postgres' as const, url: postgres.url, schema: postgres.schema },
      redis: { url: redis.url, keyPrefix: redis.keyPrefix },
      admin: { token: TEST_ADMIN_TOKEN },
    };
    [a, b] = await Promise.all([startGatewayProcess(directory, 'a', config), startGatewayProcess(directory, 'b', config)]);
  });

  afterAll(async () => {
    await Promise.all([a, b].map((replica) => replica?.terminate()));
    await simulator?.close();
    await postgres.drop();
    await redis.drop();
    await rm(directory, { recursive: true, force: true });
  });

  /**
   * Sends a streamed request to `replica` whose upstream stalls, and resolves once the upstream has
   * it (so the replica admitted it and holds its limits); `release()` aborts it.
   */
  async function holdInFlight(replica: GatewayProcess, key: string, body: Record<string, unknown>): Promise<{ release(): Promise<void> }> {
    const before = simulator.requests.length;
    simulator.enqueueFault({ type: 'stall', ms: 60_000 });
    const controller = new AbortController();
    const pending = fetch(`${replica.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'held' }], ...body }),
      signal: controller.signal,
    }).then((response) => response.text());
    await eventually(() => simulator.requests.length > before, 10_000, 'the held request upstream');
    return {
      async release() {
        controller.abort();
        await pending.catch(() => undefined);
      },
    };
  }

  it('TPM: tokens reserved by a request in flight on A leave too few for the same on B, until it ends', async () => {
    const { secret } = await adminClient(a.url).createKey({ name: 'tpm', tpm: 1_000 });
    // Each request reserves its prompt (a few tokens) plus max_tokens: one fits in 1,000, two do not.
    const held = await holdInFlight(a, secret, { max_tokens: 600 });
    const refused = await chat(`${b.url}/v1`, secret, { max_tokens: 600 });
    expect({ status: refused.status, type: (refused.body as { error: { type: string } }).error.type }).toEqual({ status: 429, type: 'tokens' });
    expect(refused.body).toMatchObject({ error: { message: expect.stringContaining('tokens per minute (TPM): Limit 1000') } });
    await held.release();
    // The aborted request settles at what it used (its prompt), which frees the rest of its reservation.
    await eventually(async () => (await chat(`${b.url}/v1`, secret, { max_tokens: 600 })).status === 200, 10_000, 'B admitting once A settled');
  });

  it('concurrency: a request in flight on A fills a limit of one for B, until it ends', async () => {
    const { secret } = await adminClient(a.url).createKey({ name: 'one-at-a-time', maxConcurrent: 1 });
    const held = await holdInFlight(a, secret, {});
    const refused = await chat(`${b.url}/v1`, secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limit_exceeded', message: expect.stringContaining('concurrent requests') } });
    await held.release();
    await eventually(async () => (await chat(`${b.url}/v1`, secret)).status === 200, 10_000, 'B admitting once A let go');
  });

  it("budget: B refuses a key whose budget was spent on A, on B's first request", async () => {
    const admin = adminClient(a.url);
    const { key, secret } = await admin.createKey({ name: 'budget', budget: { usd: 1, period: 'day' } });
    expect((await chat(`${a.url}/v1`, secret)).status).toBe(200);
    // Once A's usage record is in the store, B (which never saw this key) refuses at once.
    await eventually(async () => ((await admin.call('GET', `/usage?keyId=${key.id}`)).body.records as unknown[]).length === 1, 10_000, "A's usage record");
    const refused = await chat(`${b.url}/v1`, secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'insufficient_quota', message: expect.stringContaining('daily budget') } });
  });
});
