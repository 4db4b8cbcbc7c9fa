import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { CaptureStore } from '../../src/modules/payload-capture/capture-store.js';
import type { CapturedExchange } from '../../src/modules/payload-capture/captured-exchange.js';
import { eventually } from '../support/eventually.js';
import { createTestPostgresSchema, withAvailableServices } from '../support/test-services.js';
import { startTestGateway, TEST_SERVICE_KEY, waitForLogLine, type TestGateway, type TestGatewayOverrides } from '../support/test-gateway.js';

// Issue 34: payload capture over real HTTP, read back through the admin API.

const ADMIN_TOKEN = 'admin-token-for-capture-tests-0123';
const CARD = '4111111111111111';
const EMAIL = 'jane.doe@example.com';
const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const each of running.splice(0).reverse()) await each.close();
});

interface StorageUnderTest {
  readonly name: string;
  storage(): { config: Record<string, unknown>; drop?: () => Promise<void> };
}

const STORAGES = withAvailableServices<StorageUnderTest>(
  [
    { name: 'SQLite', storage: () => ({ config: { driver: 'sqlite', path: ':memory:' } }) },
    {
      name: 'PostgreSQL',
      storage: () => {
        const schema = createTestPostgresSchema();
        return { config: { driver: 'postgres', url: schema.url, schema: schema.schema }, drop: () => schema.drop() };
      },
    },
  ],
  (variant) => (variant.name === 'PostgreSQL' ? 'postgres' : undefined),
);

async function gatewayWith(variant: StorageUnderTest, capture: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<TestGateway> {
  const { config, drop } = variant.storage();
  if (drop) running.push({ close: drop });
  const test = await startTestGateway({
    storage: config,
    admin: { token: ADMIN_TOKEN },
    models: [
      { id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' },
      { id: 'gpt-private', provider: 'openai', upstreamModel: 'gpt-4.1-mini' },
    ],
    capture,
    ...extra,
  } as unknown as TestGatewayOverrides);
  running.push(test);
  return test;
}

function chat(test: TestGateway, model: string, content: string, stream = false): Promise<Response> {
  return fetch(`${test.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream, messages: [{ role: 'user', content }] }),
  });
}

async function admin<T>(test: TestGateway, path: string): Promise<T> {
  const response = await fetch(`${test.gateway.url}/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function captures(test: TestGateway, query = '', count = 1): Promise<CapturedExchange[]> {
  await eventually(async () => (await admin<{ data: unknown[] }>(test, `/captures${query}`)).data.length >= count);
  return (await admin<{ data: CapturedExchange[] }>(test, `/captures${query}`)).data;
}

describe.each(STORAGES)('payload capture on $name', (variant) => {
  it('keeps an opted-in model’s exchange, with what the guardrails redacted gone and every recogniser applied', async () => {
    const test = await gatewayWith(variant, { models: ['gpt-test'] }, { guardrails: [{ name: 'cards', kind: 'pii', recognizers: ['payment-card'], action: 'redact' }] });
    test.simulator.enqueueReply({ kind: 'text', text: `your key is ${SECRET}` });
    expect((await chat(test, 'gpt-test', `card ${CARD}, mail ${EMAIL}`)).status).toBe(200);
    expect((await chat(test, 'gpt-private', `card ${CARD}`)).status).toBe(200);

    const [summary, ...others] = await captures(test);
    expect(others).toEqual([]);
    expect(summary).toMatchObject({ model: 'gpt-test', endpoint: 'chat', status: 200, stream: false, keyId: expect.any(String) });
    expect(summary?.request).toBeUndefined();
    const capture = await admin<CapturedExchange>(test, `/captures/${summary!.id}`);
    const stored = JSON.stringify(capture);
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain(EMAIL);
    expect(stored).not.toContain(SECRET);
    expect(capture.request).toMatchObject({ messages: [{ role: 'user', content: 'card [REDACTED:payment-card], mail [REDACTED:email]' }] });
    expect(JSON.stringify(capture.answer)).toContain('your key is [REDACTED:openai-key]');
    expect(capture.attempts).toEqual([expect.objectContaining({ model: 'gpt-test', status: 200 })]);
    expect(typeof capture.durationMs).toBe('number');
    // Not in the usage table: its records carry no bodies.
    expect(JSON.stringify(await test.gateway.app.store.queryUsage({}))).not.toContain('REDACTED');
  });

  it('assembles a stream and filters by model, status and time', async () => {
    const test = await gatewayWith(variant, { keys: ['test'] });
    test.simulator.enqueueReply({ kind: 'text', text: `streamed ${SECRET} end` });
    const streamed = await chat(test, 'gpt-private', 'hello', true);
    await streamed.text();
    const [summary] = await captures(test, '?model=gpt-private&status=200');
    const capture = await admin<CapturedExchange>(test, `/captures/${summary!.id}`);
    expect(capture).toMatchObject({ stream: true, answer: { stream: true, lanes: { '0': 'streamed [REDACTED:openai-key] end' } } });
    expect((await admin<{ data: unknown[] }>(test, '/captures?status=500')).data).toEqual([]);
    expect((await admin<{ data: unknown[] }>(test, `/captures?to=${summary!.createdAt}`)).data).toEqual([]);
    const missing = await fetch(`${test.gateway.url}/admin/captures/nope`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(missing.status).toBe(404);
  });

  it('deletes old captures and keeps the total under its size while requests keep coming', async () => {
    const test = await gatewayWith(variant, { models: ['gpt-test'], maxTotalBytes: 4000, retentionDays: 1 });
    const database = test.gateway.app.store.sql!;
    const store = new CaptureStore(database);
    const old: CapturedExchange = { id: 'old-capture', requestId: 'r-old', keyId: 'k', endpoint: 'chat', status: 200, stream: false, createdAt: Date.now() - 3 * 86_400_000, truncated: false, sizeBytes: 10 };
    await store.insert(old, '"x"', '"y"');

    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => chat(test, 'gpt-test', `request number ${index} ${'padding '.repeat(20)}`)));
    for (const answer of answers) expect(answer.status).toBe(200);
    await eventually(async () => (await admin<{ data: CapturedExchange[] }>(test, '/captures?limit=200')).data.every((capture) => capture.id !== 'old-capture'));
    await eventually(async () => (await store.totalBytes()) <= 4000);
    const kept = (await admin<{ data: CapturedExchange[] }>(test, '/captures?limit=200')).data;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    expect(await store.find('old-capture')).toBeUndefined();
  });
});

it('captures nothing without `capture` in the config', async () => {
  const test = await startTestGateway({ admin: { token: ADMIN_TOKEN } } as TestGatewayOverrides);
  running.push(test);
  expect((await chat(test, 'gpt-test', 'hello')).status).toBe(200);
  const response = await fetch(`${test.gateway.url}/admin/captures`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status).toBe(404);
});

interface ReceivedPost {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** A local HTTP server standing in for a webhook or an OTLP collector; `answering: false` holds every request until it closes. */
async function startSink(answering = true): Promise<{ origin: string; received: ReceivedPost[] }> {
  const received: ReceivedPost[] = [];
  const sink = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += String(chunk)));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(body) });
      if (answering) response.end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  running.push({
    close: () => {
      sink.closeAllConnections();
      return new Promise<void>((resolve) => sink.close(() => resolve()));
    },
  });
  return { origin: `http://127.0.0.1:${(sink.address() as { port: number }).port}`, received };
}

async function captureGatewayExportingTo(exports: Record<string, unknown>): Promise<TestGateway> {
  const test = await startTestGateway({ admin: { token: ADMIN_TOKEN }, capture: { models: ['gpt-test'], ...exports } } as unknown as TestGatewayOverrides);
  running.push(test);
  return test;
}

it('posts each capture, redacted, to the webhook export sink', async () => {
  const sink = await startSink();
  const test = await captureGatewayExportingTo({ webhook: { url: `${sink.origin}/captures` } });
  expect((await chat(test, 'gpt-test', `mail ${EMAIL}`)).status).toBe(200);
  await eventually(() => sink.received.length === 1);
  expect(sink.received[0]?.body).toMatchObject({ model: 'gpt-test', status: 200, request: { messages: [{ content: 'mail [REDACTED:email]' }] } });
  expect(JSON.stringify(sink.received)).not.toContain(EMAIL);
});

interface OtlpKeyValue {
  key: string;
  value: Record<string, unknown>;
}

it('sends each capture, redacted, as an OTLP log record to the collector', async () => {
  const collector = await startSink();
  const test = await captureGatewayExportingTo({ otlp: { endpoint: `${collector.origin}/`, headers: { authorization: 'Bearer collector-token' } } });
  expect((await chat(test, 'gpt-test', `mail ${EMAIL}`)).status).toBe(200);
  await eventually(() => collector.received.length === 1);
  const [post] = collector.received;
  expect(post).toMatchObject({ path: '/v1/logs', headers: { 'content-type': 'application/json', authorization: 'Bearer collector-token' } });
  expect(JSON.stringify(post?.body)).not.toContain(EMAIL);

  const { resourceLogs } = post?.body as { resourceLogs: Array<{ resource: { attributes: OtlpKeyValue[] }; scopeLogs: Array<{ scope: { name: string }; logRecords: Array<Record<string, unknown>> }> }> };
  expect(resourceLogs).toHaveLength(1);
  expect(resourceLogs[0]?.resource.attributes).toEqual([{ key: 'service.name', value: { stringValue: 'modelgate' } }]);
  expect(resourceLogs[0]?.scopeLogs).toHaveLength(1);
  expect(resourceLogs[0]?.scopeLogs[0]?.scope).toEqual({ name: 'modelgate.payload-capture' });
  const records = resourceLogs[0]!.scopeLogs[0]!.logRecords;
  expect(records).toHaveLength(1);
  const record = records[0] as { body: { stringValue: string }; attributes: OtlpKeyValue[]; timeUnixNano: string; observedTimeUnixNano: string };
  expect(record).toMatchObject({ severityNumber: 9, severityText: 'INFO', timeUnixNano: expect.stringMatching(/^\d{19}$/), observedTimeUnixNano: expect.stringMatching(/^\d{19}$/) });

  // The body is the capture exactly as the admin API serves it from the store.
  const stored = await admin<CapturedExchange>(test, `/captures/${(await captures(test))[0]!.id}`);
  expect(JSON.parse(record.body.stringValue)).toEqual(stored);
  expect(stored.request).toMatchObject({ messages: [{ content: 'mail [REDACTED:email]' }] });
  expect(BigInt(record.timeUnixNano)).toBe(BigInt(stored.createdAt) * 1_000_000n);
  expect(record.attributes).toEqual([
    { key: 'modelgate.capture_id', value: { stringValue: stored.id } },
    { key: 'modelgate.request_id', value: { stringValue: stored.requestId } },
    { key: 'modelgate.key_id', value: { stringValue: stored.keyId } },
    { key: 'gen_ai.request.model', value: { stringValue: 'gpt-test' } },
    { key: 'modelgate.endpoint', value: { stringValue: 'chat' } },
    { key: 'http.response.status_code', value: { intValue: '200' } },
    { key: 'modelgate.stream', value: { boolValue: false } },
    { key: 'modelgate.capture.truncated', value: { boolValue: false } },
  ]);
});

it('answers the client while the OTLP collector hangs, then logs the timed-out export without its content', async () => {
  const collector = await startSink(false);
  const test = await captureGatewayExportingTo({ otlp: { endpoint: collector.origin, timeoutMs: 300 } });
  // The collector never answers while the test runs: the client's answer cannot be waiting on it.
  const answer = await chat(test, 'gpt-test', `mail ${EMAIL}`);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('choices');
  const failure = await waitForLogLine(test.logs, (line) => line.msg === 'capture export failed');
  expect(failure).toMatchObject({ sink: 'otlp', captureId: expect.any(String), reason: expect.stringMatching(/timeout|aborted/i) });
  expect(collector.received).toHaveLength(1);
  expect(test.logs.join('\n')).not.toContain('mail ');
  expect(test.logs.join('\n')).not.toContain(EMAIL);
});
