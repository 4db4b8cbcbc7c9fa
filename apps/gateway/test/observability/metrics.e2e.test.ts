import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { parsePrometheusText, sumOf, type PrometheusSample } from '../support/parse-prometheus-text.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

const METRICS_TOKEN = 'mg-metrics-test-token-0123456789';
const LIMITED_KEY = 'mg-limited-service-key-0123456789';

async function scrape(gatewayUrl: string, token: string | null = METRICS_TOKEN): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${gatewayUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function samples(gatewayUrl: string): Promise<PrometheusSample[]> {
  const { status, text } = await scrape(gatewayUrl);
  expect(status).toBe(200);
  return parsePrometheusText(text);
}

async function records(gatewayUrl: string, count: number): Promise<UsageRecord[]> {
  let found: UsageRecord[] = [];
  await eventually(async () => {
    found = (await adminClient(gatewayUrl).call('GET', '/usage?limit=1000')).body.records as UsageRecord[];
    return found.length >= count;
  });
  return found;
}

describe('GET /metrics after a mix of requests', () => {
  let harness: TestGateway;
  let scraped: PrometheusSample[];
  let stored: UsageRecord[];

  beforeAll(async () => {
    harness = await startTestGateway({
      admin: { token: TEST_ADMIN_TOKEN },
      metrics: { token: METRICS_TOKEN },
      // A stream's answer starts at its first content or its first keep-alive: soon, for the stalled one below.
      upstream: { keepAliveIntervalMs: 200 },
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }, { name: 'limited', key: LIMITED_KEY, rpm: 1 }],
      models: [
        { id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: { input: 2, output: 8, cachedInput: 0.5 } },
        { id: 'gpt-other', provider: 'openai', upstreamModel: 'gpt-4.1-nano', pricing: { input: 0.1, output: 0.4 } },
      ],
    });
    const { baseUrl, simulator } = harness;
    const sent = [
      await chat(baseUrl, TEST_SERVICE_KEY),
      await chat(baseUrl, TEST_SERVICE_KEY, { model: 'gpt-other' }),
      await chat(baseUrl, TEST_SERVICE_KEY, { stream: true, stream_options: { include_usage: true } }),
      await chat(baseUrl, TEST_SERVICE_KEY, { model: 'gpt-other', stream: true, stream_options: { include_usage: true } }),
      await chat(baseUrl, TEST_SERVICE_KEY, { model: 'no-such-model' }),
      await chat(baseUrl, LIMITED_KEY),
      await chat(baseUrl, LIMITED_KEY),
    ];
    simulator.enqueueFault({ type: 'status', status: 500 });
    sent.push(await chat(baseUrl, TEST_SERVICE_KEY));
    expect(sent.map((result) => result.status)).toEqual([200, 200, 200, 200, 404, 200, 429, 500]);
    stored = await records(harness.gateway.url, sent.length);
    scraped = await samples(harness.gateway.url);
  });
  afterAll(() => harness.close());

  it('counts one request per usage record, by model and status, with the error kind', () => {
    expect(sumOf(scraped, 'modelgate_requests_total')).toBe(stored.length);
    const byModelAndStatus = (list: Array<{ model: string; status: string; count: number }>) =>
      Object.fromEntries(list.map(({ model, status, count }) => [`${model} ${status}`, count]));
    const fromRecords: Record<string, number> = {};
    for (const record of stored) fromRecords[`${record.model ?? ''} ${record.status}`] = (fromRecords[`${record.model ?? ''} ${record.status}`] ?? 0) + 1;
    const fromMetrics = byModelAndStatus(
      scraped.filter((sample) => sample.name === 'modelgate_requests_total').map((sample) => ({ model: sample.labels.model!, status: sample.labels.status!, count: sample.value })),
    );
    expect(fromMetrics).toEqual(fromRecords);
    expect(sumOf(scraped, 'modelgate_requests_total', { model: 'gpt-test', status: '200', endpoint: 'chat', provider: 'openai', deployment: 'openai/gpt-4.1-mini', error_kind: '' })).toBe(3);
    expect(sumOf(scraped, 'modelgate_requests_total', { status: '404', error_kind: 'not_found' })).toBe(1);
    expect(sumOf(scraped, 'modelgate_requests_total', { status: '429', error_kind: 'rate_limited' })).toBe(1);
    expect(sumOf(scraped, 'modelgate_requests_total', { status: '500', error_kind: 'server' })).toBe(1);
  });

  it('adds up the tokens and the cost of the usage records', () => {
    const total = (pick: (record: UsageRecord) => number) => stored.reduce((sum, record) => sum + pick(record), 0);
    expect(total((record) => record.promptTokens)).toBeGreaterThan(0);
    expect(sumOf(scraped, 'modelgate_tokens_total', { type: 'input' })).toBe(total((record) => record.promptTokens));
    expect(sumOf(scraped, 'modelgate_tokens_total', { type: 'output' })).toBe(total((record) => record.completionTokens));
    expect(sumOf(scraped, 'modelgate_tokens_total', { type: 'cached' })).toBe(total((record) => record.cachedTokens));
    expect(sumOf(scraped, 'modelgate_tokens_total', { type: 'reasoning' })).toBe(total((record) => record.reasoningTokens));
    expect(sumOf(scraped, 'modelgate_cost_usd_total')).toBeCloseTo(total((record) => record.costUsd), 12);
    expect(sumOf(scraped, 'modelgate_cost_usd_total', { model: 'gpt-other' })).toBeCloseTo(
      stored.filter((record) => record.model === 'gpt-other').reduce((sum, record) => sum + record.costUsd, 0),
      12,
    );
  });

  it('times every request and the first byte of every stream', () => {
    expect(sumOf(scraped, 'modelgate_request_duration_seconds_count')).toBe(stored.length);
    expect(sumOf(scraped, 'modelgate_time_to_first_byte_seconds_count')).toBe(stored.filter((record) => record.timeToFirstTokenMs !== undefined).length);
    expect(sumOf(scraped, 'modelgate_time_to_first_byte_seconds_count')).toBe(2);
    expect(sumOf(scraped, 'modelgate_request_duration_seconds_sum')).toBeGreaterThan(0);
  });

  it('counts limiter refusals, upstream attempts, and nothing left in flight', () => {
    expect(sumOf(scraped, 'modelgate_limiter_refusals_total', { limit: 'rpm' })).toBe(1);
    expect(sumOf(scraped, 'modelgate_upstream_attempts_total', { status: '200' })).toBe(5);
    expect(sumOf(scraped, 'modelgate_upstream_attempts_total', { error_kind: 'server' })).toBe(1);
    expect(sumOf(scraped, 'modelgate_requests_in_flight')).toBe(0);
    expect(sumOf(scraped, 'modelgate_open_streams')).toBe(0);
    expect(scraped.some((sample) => sample.name === 'modelgate_usage_queue_depth')).toBe(true);
    expect(sumOf(scraped, 'modelgate_deployment_up', { model: 'gpt-test', deployment: 'openai/gpt-4.1-mini' })).toBe(1);
    expect(scraped.some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
  });

  it('labels no series with a key unless asked', () => {
    expect(scraped.filter((sample) => 'key' in sample.labels)).toEqual([]);
  });

  it('shows a stream in flight while it is open', async () => {
    harness.simulator.enqueueFault({ type: 'stall', ms: 1_500 });
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    const during = await samples(harness.gateway.url);
    expect(sumOf(during, 'modelgate_open_streams')).toBe(1);
    expect(sumOf(during, 'modelgate_requests_in_flight')).toBe(1);
    await response.text();
    await eventually(async () => sumOf(await samples(harness.gateway.url), 'modelgate_requests_in_flight') === 0);
  });
});

describe('who may read /metrics', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ admin: { token: TEST_ADMIN_TOKEN }, metrics: { token: METRICS_TOKEN } });
  });
  afterAll(() => harness.close());

  it('takes the metrics token or the admin token, in Prometheus text format', async () => {
    for (const token of [METRICS_TOKEN, TEST_ADMIN_TOKEN]) {
      const { status, type, text } = await scrape(harness.gateway.url, token);
      expect({ status, type }).toEqual({ status: 200, type: 'text/plain; version=0.0.4; charset=utf-8' });
      expect(() => parsePrometheusText(text)).not.toThrow();
    }
  });

  it('refuses no token, a service key and a wrong token with 401 in the error envelope', async () => {
    for (const token of [null, TEST_SERVICE_KEY, 'wrong-token-0123456789abcdef']) {
      const { status, text } = await scrape(harness.gateway.url, token);
      expect({ status, body: JSON.parse(text) }).toMatchObject({ status: 401, body: { error: { code: 'invalid_metrics_token' } } });
    }
  });

  it('is off (404) without an admin token or a metrics token', async () => {
    const bare = await startTestGateway();
    try {
      const { status, text } = await scrape(bare.gateway.url, METRICS_TOKEN);
      expect({ status, body: JSON.parse(text) }).toMatchObject({ status: 404, body: { error: { code: 'metrics_disabled' } } });
    } finally {
      await bare.close();
    }
  });
});

describe('metrics.keyLabels', () => {
  it('adds the key id to the request, token and cost series when asked', async () => {
    const harness = await startTestGateway({ admin: { token: TEST_ADMIN_TOKEN }, metrics: { keyLabels: true } });
    try {
      expect((await chat(harness.baseUrl, TEST_SERVICE_KEY)).status).toBe(200);
      const [record] = await records(harness.gateway.url, 1);
      const { text } = await scrape(harness.gateway.url, TEST_ADMIN_TOKEN);
      const scrapedWithKeys = parsePrometheusText(text);
      expect(sumOf(scrapedWithKeys, 'modelgate_requests_total', { key: record!.keyId })).toBe(1);
      expect(sumOf(scrapedWithKeys, 'modelgate_tokens_total', { key: record!.keyId, type: 'input' })).toBe(record!.promptTokens);
    } finally {
      await harness.close();
    }
  });
});
