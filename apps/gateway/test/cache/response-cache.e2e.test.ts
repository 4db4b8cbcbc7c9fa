import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { eventually } from '../support/eventually.js';
import { parsePrometheusText, sumOf } from '../support/parse-prometheus-text.js';
import type { OpenAiSimulator } from '../support/test-gateway.js';
import { withTestTransport } from '../support/test-transport.js';

// The exact response cache (docs/caching.md) over real HTTP: a second identical request is
// answered without an upstream call (the simulators' request counts stay put), whole and
// streamed, on the chat, Messages and Responses fronts, and whole on the Gemini front and embeddings; other keys, `Cache-Control` and tool calls
// miss; and a Redis-backed cache is shared by two gateways.

const KEY_A = 'mg-cache-key-a-0123456789abcdef';
const KEY_B = 'mg-cache-key-b-0123456789abcdef';
const OPENAI_KEY = 'sk-cache-openai';
const ANTHROPIC_KEY = 'sk-ant-cache';
const PRICES = { input: 1, output: 2 };
const METRICS_TOKEN = 'mg-cache-metrics-token-0123456789';

let openai: OpenAiSimulator;
let anthropic: AnthropicSimulator;
const running: RunningGateway[] = [];

beforeAll(async () => {
  openai = await startOpenAiSimulator({ apiKey: OPENAI_KEY });
  anthropic = await startAnthropicSimulator({ apiKey: ANTHROPIC_KEY });
});
afterAll(async () => {
  for (const gateway of running) await gateway.close();
  await openai.close();
  await anthropic.close();
});

async function gatewayWith(responseCache: Record<string, unknown>, extra: Partial<GatewayConfigInput> = {}): Promise<RunningGateway> {
  const input = {
    server: { host: '127.0.0.1', port: 0 },
    providers: [
      { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: openai.url, apiKey: OPENAI_KEY } },
      { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: ANTHROPIC_KEY } },
    ],
    models: [
      { id: 'gpt-cached', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: PRICES, aliases: ['gpt-alias'] },
      { id: 'claude-cached', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: PRICES },
      { id: 'gpt-uncached', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: PRICES },
      { id: 'embed-cached', provider: 'openai', upstreamModel: 'text-embedding-3-small', pricing: PRICES },
    ],
    keys: [
      { name: 'a', key: KEY_A },
      { name: 'b', key: KEY_B },
    ],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
    responseCache: { models: ['gpt-cached', 'claude-cached', 'embed-cached'], ...responseCache },
    ...extra,
  };
  const gateway = await startGateway(parseGatewayConfig(withTestTransport(input as GatewayConfigInput), {}, 'test'), { logger: pino({ level: 'silent' }), baseDirectory: process.cwd() });
  running.push(gateway);
  return gateway;
}

interface Sent {
  readonly status: number;
  readonly verdict: string | null;
  readonly text: string;
}

/** A unique prompt per test, so no test sees another's answers. */
let prompts = 0;
const freshPrompt = () => `cache test prompt ${++prompts}`;

const FRONTS = {
  chat: { path: '/v1/chat/completions', body: (prompt: string) => ({ model: 'gpt-cached', messages: [{ role: 'user', content: prompt }] }) },
  messages: { path: '/v1/messages', body: (prompt: string) => ({ model: 'claude-cached', max_tokens: 64, messages: [{ role: 'user', content: prompt }] }) },
  responses: { path: '/v1/responses', body: (prompt: string) => ({ model: 'gpt-cached', store: false, input: prompt }) },
} as const;

async function send(gateway: RunningGateway, path: string, body: object, headers: Record<string, string> = {}, key = KEY_A): Promise<Sent> {
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, verdict: response.headers.get('x-modelgate-cache'), text: await response.text() };
}

const upstreamCalls = () => openai.requests.length + anthropic.requests.length;

/** The answer's text without what a replay renews (ids and times), to compare a hit with its miss. */
function withoutFreshParts(text: string): string {
  return text
    .replace(/"(id|responseId|created|created_at)":\s*("[^"]*"|\d+)/g, '"$1":_')
    .replace(/(chatcmpl|msg|resp)[-_][A-Za-z0-9]+/g, '$1_');
}

/** The answer's id: a whole body's, or the first event's (`id`, a `message_start`'s `message.id`, a Responses event's `response.id`). */
function answerId(text: string, stream: boolean): string {
  const firstData = stream ? /^data: (.+)$/m.exec(text)![1]! : text;
  const first = JSON.parse(firstData) as { id?: string; message?: { id: string }; response?: { id: string } };
  return first.id ?? first.message?.id ?? first.response!.id;
}

describe('the exact response cache', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await gatewayWith({});
  });

  for (const [front, { path, body }] of Object.entries(FRONTS)) {
    for (const stream of [false, true]) {
      it(`answers a second identical ${front} request (${stream ? 'streamed' : 'whole'}) from the cache, with a fresh id, and records the hit at no cost`, async () => {
        const request = { ...body(freshPrompt()), stream };
        const miss = await send(gateway, path, request, { 'x-request-id': `miss-${front}-${stream}` });
        expect(miss).toMatchObject({ status: 200, verdict: 'miss' });
        const calls = upstreamCalls();

        const hit = await send(gateway, path, request, { 'x-request-id': `hit-${front}-${stream}` });
        expect(hit).toMatchObject({ status: 200, verdict: 'hit' });
        expect(upstreamCalls()).toBe(calls);
        expect(withoutFreshParts(hit.text)).toBe(withoutFreshParts(miss.text));
        expect(answerId(hit.text, stream)).not.toBe(answerId(miss.text, stream));
        if (stream) expect(hit.text.split('\n\n').length).toBe(miss.text.split('\n\n').length);

        const missRecord = await usageRecordOf(gateway.url, `miss-${front}-${stream}`);
        const hitRecord = await usageRecordOf(gateway.url, `hit-${front}-${stream}`);
        expect(missRecord.costUsd).toBeGreaterThan(0);
        expect(missRecord.cacheHit).toBeUndefined();
        expect(hitRecord).toMatchObject({ cacheHit: true, costUsd: 0, promptTokens: missRecord.promptTokens, completionTokens: missRecord.completionTokens, stream });
      });
    }
  }

  it.each([
    ['the Gemini front (generateContent, bridged to a GPT model)', '/v1beta/models/gpt-cached:generateContent', (prompt: string) => ({ contents: [{ role: 'user', parts: [{ text: prompt }] }] }), 'responseId'],
    ['/v1/embeddings', '/v1/embeddings', (prompt: string) => ({ model: 'embed-cached', input: [prompt, 'a second input'] }), undefined],
  ])('answers a second identical request on %s from the cache', async (_, path, body, idMember) => {
    const request = body(freshPrompt());
    const miss = await send(gateway, path, request);
    expect(miss).toMatchObject({ status: 200, verdict: 'miss' });
    const calls = upstreamCalls();
    const hit = await send(gateway, path, request);
    expect(hit).toMatchObject({ status: 200, verdict: 'hit' });
    expect(upstreamCalls()).toBe(calls);
    expect(withoutFreshParts(hit.text)).toBe(withoutFreshParts(miss.text));
    if (idMember) expect((JSON.parse(hit.text) as Record<string, unknown>)[idMember]).not.toBe((JSON.parse(miss.text) as Record<string, unknown>)[idMember]);
  });

  it('leaves a streamed Gemini-front request to the upstream: its framing (SSE or a JSON array) is not in the key', async () => {
    const request = { contents: [{ role: 'user', parts: [{ text: freshPrompt() }] }] };
    await send(gateway, '/v1beta/models/gpt-cached:streamGenerateContent?alt=sse', request);
    const calls = upstreamCalls();
    const again = await send(gateway, '/v1beta/models/gpt-cached:streamGenerateContent?alt=sse', request);
    expect(again.status).toBe(200);
    expect(again.verdict).not.toBe('hit');
    expect(upstreamCalls()).toBe(calls + 1);
  });

  it('keys the model after alias resolution: the alias reads what the id stored', async () => {
    const prompt = freshPrompt();
    await send(gateway, FRONTS.chat.path, FRONTS.chat.body(prompt));
    const hit = await send(gateway, FRONTS.chat.path, { ...FRONTS.chat.body(prompt), model: 'gpt-alias' });
    expect(hit.verdict).toBe('hit');
  });

  it("never gives one key another key's answer", async () => {
    const request = FRONTS.chat.body(freshPrompt());
    await send(gateway, FRONTS.chat.path, request);
    const calls = upstreamCalls();
    const other = await send(gateway, FRONTS.chat.path, request, {}, KEY_B);
    expect(other).toMatchObject({ status: 200, verdict: 'miss' });
    expect(upstreamCalls()).toBe(calls + 1);
  });

  it('misses when a parameter that changes the answer differs', async () => {
    const request = FRONTS.chat.body(freshPrompt());
    await send(gateway, FRONTS.chat.path, request);
    expect((await send(gateway, FRONTS.chat.path, { ...request, temperature: 0.5 })).verdict).toBe('miss');
  });

  it('honours Cache-Control: no-store skips the cache both ways, no-cache skips the lookup and stores the fresh answer', async () => {
    const request = FRONTS.chat.body(freshPrompt());
    expect((await send(gateway, FRONTS.chat.path, request, { 'cache-control': 'no-store' })).verdict).toBe('bypass');
    expect((await send(gateway, FRONTS.chat.path, request, { 'cache-control': 'no-cache' })).verdict).toBe('miss');
    const calls = upstreamCalls();
    expect((await send(gateway, FRONTS.chat.path, request)).verdict).toBe('hit');
    expect(upstreamCalls()).toBe(calls);
  });

  it('leaves out models it was not given, and bypasses Responses answers the vendor stores', async () => {
    const uncached = await send(gateway, FRONTS.chat.path, { ...FRONTS.chat.body(freshPrompt()), model: 'gpt-uncached' });
    expect(uncached.verdict).toBeNull();
    const stored = { model: 'gpt-cached', input: freshPrompt() };
    expect(await send(gateway, FRONTS.responses.path, stored)).toMatchObject({ status: 200, verdict: 'bypass' });
    const calls = upstreamCalls();
    expect(await send(gateway, FRONTS.responses.path, stored)).toMatchObject({ status: 200, verdict: 'bypass' });
    expect(upstreamCalls()).toBe(calls + 1);
  });

  it("forwards the client's prompt_cache_key to OpenAI, on the chat and Responses fronts", async () => {
    await send(gateway, FRONTS.chat.path, { ...FRONTS.chat.body(freshPrompt()), model: 'gpt-uncached', prompt_cache_key: 'conversation-17' });
    expect(openai.requests.at(-1)!.body).toMatchObject({ prompt_cache_key: 'conversation-17' });
    await send(gateway, FRONTS.responses.path, { ...FRONTS.responses.body(freshPrompt()), model: 'gpt-uncached', prompt_cache_key: 'conversation-18' });
    expect(openai.requests.at(-1)!.body).toMatchObject({ prompt_cache_key: 'conversation-18' });
  });

  it('does not store an error, nor an answer that calls tools', async () => {
    const request = FRONTS.chat.body(freshPrompt());
    openai.enqueueFault({ type: 'status', status: 400 });
    expect((await send(gateway, FRONTS.chat.path, request)).status).toBe(400);
    expect((await send(gateway, FRONTS.chat.path, request)).verdict).toBe('miss');

    const streamed = { ...FRONTS.chat.body(freshPrompt()), stream: true };
    openai.enqueueReply({ kind: 'text', text: 'a long enough answer to be cut in the middle of it' });
    openai.enqueueFault({ type: 'reset-mid-stream', afterChunks: 2 });
    const cut = await send(gateway, FRONTS.chat.path, streamed);
    expect(cut.text).not.toContain('[DONE]');
    expect((await send(gateway, FRONTS.chat.path, streamed)).verdict).toBe('miss');

    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }];
    const toolRequest = { ...FRONTS.chat.body(freshPrompt()), tools };
    openai.enqueueReply({ kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{}' }] });
    await send(gateway, FRONTS.chat.path, toolRequest);
    openai.enqueueReply({ kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{}' }] });
    expect((await send(gateway, FRONTS.chat.path, toolRequest)).verdict).toBe('miss');
  });
});

describe('the response cache behind a redacting guardrail', () => {
  it('serves a repeat of a redacted request from the cache: the card reaches neither the vendor nor either answer', async () => {
    const guardrails = [{ name: 'cards', kind: 'pii', recognizers: ['payment-card'], action: 'redact' }];
    const guarded = await gatewayWith({}, { guardrails } as Partial<GatewayConfigInput>);
    const request = FRONTS.chat.body(`${freshPrompt()} card 4111 1111 1111 1111`);
    const miss = await send(guarded, FRONTS.chat.path, request);
    expect(miss).toMatchObject({ status: 200, verdict: 'miss' });
    expect(JSON.stringify(openai.requests.at(-1)!.body)).toContain('[REDACTED:payment-card]');
    const calls = upstreamCalls();
    const hit = await send(guarded, FRONTS.chat.path, request);
    expect(hit).toMatchObject({ status: 200, verdict: 'hit' });
    expect(upstreamCalls()).toBe(calls);
    for (const answer of [miss, hit]) expect(answer.text).not.toContain('4111');
  });
});

describe('a response cache billed as the upstream', () => {
  it('records a hit at the cost of the answer it replays when hitCost is upstream, and counts it in the metrics', async () => {
    const gateway = await gatewayWith({ hitCost: 'upstream' }, { metrics: { token: METRICS_TOKEN } });
    const request = FRONTS.chat.body(freshPrompt());
    await send(gateway, FRONTS.chat.path, request, { 'x-request-id': 'billed-miss' });
    expect((await send(gateway, FRONTS.chat.path, request, { 'x-request-id': 'billed-hit' })).verdict).toBe('hit');
    const [miss, hit] = [await usageRecordOf(gateway.url, 'billed-miss'), await usageRecordOf(gateway.url, 'billed-hit')];
    expect(hit).toMatchObject({ cacheHit: true, costUsd: miss.costUsd });
    expect(miss.costUsd).toBeGreaterThan(0);
    const scraped = await fetch(`${gateway.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(sumOf(parsePrometheusText(await scraped.text()), 'modelgate_response_cache_hits_total', { model: 'gpt-cached' })).toBe(1);
  });
});

describe('the response cache in Redis', () => {
  it('is shared by two gateways with the same Redis and key prefix', async () => {
    const redis = { url: 'redis://127.0.0.1:6379', keyPrefix: `modelgate-test-cache-${process.pid}-${Date.now()}:` };
    const first = await gatewayWith({}, { redis });
    const second = await gatewayWith({}, { redis });
    const request = FRONTS.chat.body(freshPrompt());
    expect((await send(first, FRONTS.chat.path, request)).verdict).toBe('miss');
    const calls = upstreamCalls();
    // The first gateway's write reaches Redis on its own connection: the second may be a moment ahead of it.
    const client = new Redis(redis.url);
    try {
      await eventually(async () => (await client.keys(`${redis.keyPrefix}response-cache:*`)).length === 1, 5_000, 'the answer in Redis');
      const shared = await send(second, FRONTS.chat.path, request);
      expect(shared).toMatchObject({ status: 200, verdict: 'hit' });
      expect(upstreamCalls()).toBe(calls);
      await client.del(...(await client.keys(`${redis.keyPrefix}*`)));
    } finally {
      client.disconnect();
    }
  });

});

describe('a shared namespace', () => {
  it('shares answers across keys only under an operator-set namespace', async () => {
    const gateway = await gatewayWith({ namespace: 'team' });
    const request = FRONTS.chat.body(freshPrompt());
    await send(gateway, FRONTS.chat.path, request);
    expect((await send(gateway, FRONTS.chat.path, request, {}, KEY_B)).verdict).toBe('hit');
  });
});
