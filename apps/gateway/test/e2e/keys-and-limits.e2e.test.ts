import { afterEach, describe, expect, it } from '@jest/globals';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';
import { createTestRedisPrefix, servicesAvailable, type TestRedisPrefix } from '../support/test-services.js';

describe('issued keys: admin API, lifetime and scope', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  const start = () => startTestGateway({ admin: { token: TEST_ADMIN_TOKEN } });

  it('issues a key that works at once, shows it once and lists it by prefix only', async () => {
    harness = await start();
    const admin = adminClient(harness.gateway.url);
    const issued = await admin.createKey({ name: 'backend', owner: 'team-a', models: ['gpt-*'] });
    expect(issued.secret).toMatch(/^mg-/);
    expect(issued.key).toMatchObject({ name: 'backend', owner: 'team-a', status: 'active', prefix: issued.secret.slice(0, 10) });
    expect((await chat(harness.baseUrl, issued.secret)).status).toBe(200);
    const listed = await admin.call('GET', '/keys');
    expect(JSON.stringify(listed.body)).not.toContain(issued.secret);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: issued.key.id, prefix: issued.key.prefix })]);
    expect((await admin.call('GET', `/keys/${issued.key.prefix}`)).body).toMatchObject({ id: issued.key.id });
  });

  it('answers 401 for revoked, disabled and expired keys, and after rotation for the old secret', async () => {
    harness = await start();
    const admin = adminClient(harness.gateway.url);
    const revoked = await admin.createKey({ name: 'revoked' });
    await admin.call('POST', `/keys/${revoked.key.id}/revoke`);
    const disabled = await admin.createKey({ name: 'disabled' });
    await admin.call('POST', `/keys/${disabled.key.id}/disable`);
    const expired = await admin.createKey({ name: 'expired', expiresAt: '2020-01-01T00:00:00Z' });
    const rotated = await admin.createKey({ name: 'rotated' });
    const rotation = (await admin.call('POST', `/keys/${rotated.key.id}/rotate`)).body as { secret: string };

    for (const [secret, message] of [[revoked.secret, 'revoked'], [disabled.secret, 'disabled'], [expired.secret, 'expired']] as const) {
      const response = await chat(harness.baseUrl, secret);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { message: expect.stringContaining(message), type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    expect((await chat(harness.baseUrl, rotated.secret)).status).toBe(401);
    expect((await chat(harness.baseUrl, rotation.secret)).status).toBe(200);
    await admin.call('POST', `/keys/${disabled.key.id}/enable`);
    expect((await chat(harness.baseUrl, disabled.secret)).status).toBe(200);
  });

  it('takes only the admin token on /admin, never a service key', async () => {
    harness = await start();
    const asService = await adminClient(harness.gateway.url, TEST_SERVICE_KEY).call('GET', '/keys');
    expect(asService).toMatchObject({ status: 401, body: { error: { code: 'invalid_admin_token' } } });
    const invalid = await adminClient(harness.gateway.url).call('POST', '/keys', { name: 'x', rpm: 0 });
    expect(invalid).toMatchObject({ status: 400, body: { error: { param: 'rpm' } } });
  });

  it('keeps the admin API off without an admin token', async () => {
    harness = await startTestGateway();
    const response = await adminClient(harness.gateway.url).call('GET', '/keys');
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'admin_api_disabled' } } });
  });

  it('answers a model or family outside the scope as an unknown model (404), an endpoint outside it with 403', async () => {
    harness = await start();
    const admin = adminClient(harness.gateway.url);
    const onlyOther = await admin.createKey({ name: 'models', models: ['claude-*'] });
    const onlyAnthropic = await admin.createKey({ name: 'families', families: ['anthropic'] });
    const onlyModels = await admin.createKey({ name: 'endpoints', endpoints: ['models'] });
    for (const secret of [onlyOther.secret, onlyAnthropic.secret]) {
      expect(await chat(harness.baseUrl, secret)).toMatchObject({
        status: 404,
        body: { error: { code: 'model_not_found', param: 'model', type: 'invalid_request_error', message: expect.stringContaining("'gpt-test'") } },
      });
    }
    expect(await chat(harness.baseUrl, onlyModels.secret)).toMatchObject({
      status: 403,
      body: { error: { code: 'endpoint_not_permitted', message: expect.stringContaining("'chat'") } },
    });

    // /v1/models shows a key only what it may use, by model pattern and by family alike.
    const listed = async (secret: string) => {
      const response = await fetch(`${harness!.baseUrl}/models`, { headers: { authorization: `Bearer ${secret}` } });
      return ((await response.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id);
    };
    expect(await listed(onlyOther.secret)).toEqual([]);
    expect(await listed(onlyAnthropic.secret)).toEqual([]);
    expect(await listed(onlyModels.secret)).toContain('gpt-test');
    const retrieved = await fetch(`${harness.baseUrl}/models/gpt-test`, { headers: { authorization: `Bearer ${onlyAnthropic.secret}` } });
    expect(retrieved.status).toBe(404);
  });
});

describe('limits and budgets', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('enforces RPM with OpenAI’s 429 envelope and rate-limit headers', async () => {
    harness = await startTestGateway({ admin: { token: TEST_ADMIN_TOKEN } });
    const issued = await adminClient(harness.gateway.url).createKey({ name: 'rpm', rpm: 2, tpm: 100_000 });
    const first = await chat(harness.baseUrl, issued.secret);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+m)?[\d.]+s$/);
    expect(first.headers.get('x-ratelimit-limit-tokens')).toBe('100000');
    await chat(harness.baseUrl, issued.secret);
    const refused = await chat(harness.baseUrl, issued.secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { message: expect.stringContaining('requests per minute (RPM): Limit 2'), type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(refused.headers.get('x-ratelimit-remaining-tokens')).not.toBeNull();

    // Every request leaves one usage record, the refused one too (its status, no tokens, no cost).
    const admin = adminClient(harness.gateway.url);
    const records = async () => (await admin.call('GET', `/usage?keyId=${issued.key.id}`)).body.records as Array<Record<string, unknown>>;
    await eventually(async () => (await records()).length === 3);
    const statuses = (await records()).map((record) => record.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    expect((await records()).find((record) => record.status === 429)).toMatchObject({
      endpoint: 'chat',
      model: 'gpt-test',
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
    });
  });

  it('counts estimated tokens against TPM up front and reconciles them with the real usage', async () => {
    harness = await startTestGateway({ keys: [{ name: 'static', key: TEST_SERVICE_KEY, tpm: 1_000 }] });
    const tooBig = await chat(harness.baseUrl, TEST_SERVICE_KEY, { max_tokens: 5_000 });
    expect(tooBig).toMatchObject({ status: 429, body: { error: { type: 'tokens', code: 'rate_limit_exceeded' } } });
    expect(tooBig.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    // 900 reserved up front for max_tokens; the simulator's real usage is a few tokens, so the rest comes back.
    const reserved = await chat(harness.baseUrl, TEST_SERVICE_KEY, { max_tokens: 900 });
    expect(reserved.status).toBe(200);
    expect(Number(reserved.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(100);
    await eventually(async () => (await chat(harness!.baseUrl, TEST_SERVICE_KEY, { max_tokens: 500 })).status === 200);
  });

  const limiters: Array<[string, () => TestRedisPrefix | undefined]> = [['the in-memory limiter', () => undefined]];
  if (servicesAvailable('the Redis limiter', 'redis')) limiters.push(['the Redis limiter', () => createTestRedisPrefix()]);
  it.each(limiters)('refuses a request larger than the whole TPM limit as such, with no retry-after (%s)', async (_name, redisPrefix) => {
    const redis = redisPrefix();
    try {
      harness = await startTestGateway({
        keys: [{ name: 'static', key: TEST_SERVICE_KEY, tpm: 1_000 }],
        ...(redis ? { redis: { url: redis.url, keyPrefix: redis.keyPrefix } } : {}),
      });
      const messages = [{ role: 'user', content: 'x'.repeat(2_000) }];
      // Its prompt (about four characters a token) plus its max_tokens: more than a whole minute's worth.
      const requested = Math.ceil(JSON.stringify([messages]).length / 4) + 600;
      const tooLarge = await chat(harness.baseUrl, TEST_SERVICE_KEY, { messages, max_tokens: 600 });
      expect(tooLarge.status).toBe(429);
      expect(tooLarge.body).toEqual({ error: { message: expect.any(String), type: 'tokens', param: null, code: 'rate_limit_exceeded' } });
      const { message } = (tooLarge.body as { error: { message: string } }).error;
      expect(message).toMatch(new RegExp(`^Request too large for gpt-test on tokens per minute \\(TPM\\): Limit 1000, Requested ${requested}\\. The input or output tokens must be reduced`));
      expect(tooLarge.headers.get('retry-after')).toBeNull();
      expect(tooLarge.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
      expect(harness.simulator.requests).toHaveLength(0);

      // Nothing was charged for it: a request within the limit still gets the whole window.
      const fits = await chat(harness.baseUrl, TEST_SERVICE_KEY, { max_tokens: 900 });
      expect(fits.status).toBe(200);
      expect(fits.headers.get('x-ratelimit-remaining-tokens')).toBe(String(1_000 - 900 - Math.ceil(JSON.stringify([[{ role: 'user', content: 'hello' }]]).length / 4)));
    } finally {
      await harness?.close();
      harness = undefined;
      await redis?.drop();
    }
  });

  it('reconciles TPM for streams too', async () => {
    harness = await startTestGateway({ keys: [{ name: 'static', key: TEST_SERVICE_KEY, tpm: 1_000 }] });
    const streamed = await chat(harness.baseUrl, TEST_SERVICE_KEY, { max_tokens: 900, stream: true, stream_options: { include_usage: true } });
    expect(streamed.text).toContain('[DONE]');
    await eventually(async () => (await chat(harness!.baseUrl, TEST_SERVICE_KEY, { max_tokens: 500 })).status === 200);
  });

  it('holds a concurrency slot until a stream has ended', async () => {
    harness = await startTestGateway({ keys: [{ name: 'static', key: TEST_SERVICE_KEY, maxConcurrent: 1 }] });
    harness.simulator.enqueueFault({ type: 'stall', ms: 400 });
    const slow = chat(harness.baseUrl, TEST_SERVICE_KEY, { stream: true });
    await eventually(() => harness!.simulator.requests.length === 1);
    const refused = await chat(harness.baseUrl, TEST_SERVICE_KEY);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limit_exceeded', message: expect.stringContaining('concurrent requests') } } });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await slow).text).toContain('[DONE]');
    await eventually(async () => (await chat(harness!.baseUrl, TEST_SERVICE_KEY)).status === 200);
  });

  it('answers 429 insufficient_quota once the budget is spent', async () => {
    harness = await startTestGateway({ keys: [{ name: 'static', key: TEST_SERVICE_KEY, budget: { usd: 0.000001, period: 'day' } }] });
    expect((await chat(harness.baseUrl, TEST_SERVICE_KEY)).status).toBe(200);
    await eventually(async () => (await chat(harness!.baseUrl, TEST_SERVICE_KEY)).status === 429);
    const refused = await chat(harness.baseUrl, TEST_SERVICE_KEY);
    expect(refused.body).toEqual({ error: { message: expect.stringContaining('daily budget'), type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
  });
});

describe('Redis down', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  const limitedKey = [{ name: 'static', key: TEST_SERVICE_KEY, rpm: 10 }];

  it('fails open as configured: admits, and /health says degraded', async () => {
    harness = await startTestGateway({ keys: limitedKey, redis: { url: 'redis://127.0.0.1:1', failurePolicy: 'open' } });
    expect((await chat(harness.baseUrl, TEST_SERVICE_KEY)).status).toBe(200);
    const health = await fetch(`${harness.gateway.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'degraded', limiter: { driver: 'redis', status: 'down', failurePolicy: 'open' } });
    expect(harness.logs.join('')).toContain('rate limits fail open');
  });

  it('fails closed as configured: 503 for limited keys, and /health says unavailable', async () => {
    harness = await startTestGateway({ keys: limitedKey, redis: { url: 'redis://127.0.0.1:1', failurePolicy: 'closed' } });
    const refused = await chat(harness.baseUrl, TEST_SERVICE_KEY);
    expect(refused).toMatchObject({ status: 503, body: { error: { code: 'rate_limiter_unavailable', type: 'server_error' } } });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await fetch(`${harness.gateway.url}/health`)).status).toBe(503);
  });
});
