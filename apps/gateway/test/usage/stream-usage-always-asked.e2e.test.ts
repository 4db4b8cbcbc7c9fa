import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startDeepSeekSimulator, type DeepSeekSimulator } from '@modelgate/provider-deepseek/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { authorized, dataPayloads, startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

// Issue 27: a streamed chat is billed from the vendor's counts (hidden reasoning included) even when
// the client asks for no usage: the gateway always asks the upstream for it, and the client gets the
// stream OpenAI sends without `include_usage` (no usage chunk, no `usage` member on any chunk).

let gateway: GatewayInFrontOf<OpenAiSimulator>;
let deepseek: DeepSeekSimulator;
let compatible: OpenAiSimulator;

beforeAll(async () => {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  deepseek = await startDeepSeekSimulator({ apiKey: 'sk-deepseek-usage' });
  compatible = await startOpenAiSimulator({ apiKey: 'sk-compatible' });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [
      { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } },
      { package: '@modelgate/provider-deepseek', id: 'deepseek', settings: { baseUrl: deepseek.url, apiKey: 'sk-deepseek-usage' } },
      // A server that refuses `stream_options` opts out; its streams are estimated.
      { package: '@modelgate/provider-openai-compatible', id: 'no-stream-options', settings: { baseUrl: compatible.url, apiKey: 'sk-compatible', models: ['gpt-4.1-mini'], streamUsage: false } },
    ],
    models: [
      { id: 'o-thinking', provider: 'openai', upstreamModel: 'o4-mini', pricing: { input: 1, output: 4 } },
      { id: 'ds', provider: 'deepseek', upstreamModel: 'deepseek-v4-pro', pricing: { input: 1, output: 2 } },
      { id: 'plain-compatible', provider: 'no-stream-options', upstreamModel: 'gpt-4.1-mini' },
    ],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(async () => {
  await gateway.close();
  await deepseek.close();
  await compatible.close();
});

async function stream(requestId: string, body: Record<string, unknown> | string): Promise<string> {
  const text = typeof body === 'string' ? body : JSON.stringify({ stream: true, ...body });
  const response = await fetch(`${gateway.baseUrl}/chat/completions`, { method: 'POST', headers: authorized({ 'x-request-id': requestId }), body: text });
  expect(response.status).toBe(200);
  return response.text();
}

function expectNoUsageAnywhere(text: string): void {
  const payloads = dataPayloads(text);
  expect(payloads.at(-1)).toBe('[DONE]');
  const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as Record<string, unknown>);
  expect(chunks.length).toBeGreaterThan(1);
  for (const chunk of chunks) {
    expect(Object.keys(chunk)).not.toContain('usage');
    expect(chunk.choices).toHaveLength(1);
  }
  expect(text).not.toContain('"usage"');
}

describe('streamed chat asks every upstream for its usage', () => {
  it('OpenAI: the hidden reasoning tokens are billed, and the client gets no usage it did not ask for', async () => {
    gateway.simulator.enqueueReply({ kind: 'text', text: 'Four.', usage: { promptTokens: 12, completionTokens: 50_002, reasoningTokens: 50_000 } });
    const text = await stream('usage-openai', '{ "model": "o-thinking", "stream": true, "stream_options": { "include_obfuscation": false },\n "messages": [{"role": "user", "content": "Think hard: 2+2?"}] }');
    expectNoUsageAnywhere(text);

    const sent = gateway.simulator.requests.at(-1)!;
    expect(sent.body).toMatchObject({ model: 'o4-mini', stream: true, stream_options: { include_obfuscation: false, include_usage: true } });
    // The client's own bytes, only the model and the stream options spliced in.
    expect(sent.rawBody).toBe('{ "model": "o4-mini", "stream": true, "stream_options": {"include_obfuscation":false,"include_usage":true},\n "messages": [{"role": "user", "content": "Think hard: 2+2?"}] }');

    expect(await usageRecordOf(gateway.gateway.url, 'usage-openai')).toMatchObject({
      promptTokens: 12,
      completionTokens: 50_002,
      reasoningTokens: 50_000,
      tokensEstimated: false,
      costUsd: expect.closeTo((12 * 1 + 50_002 * 4) / 1e6, 12),
    });
  });

  it('OpenAI: a client that asks for usage gets the usage chunk and the `usage: null` members as sent', async () => {
    gateway.simulator.enqueueReply({ kind: 'text', text: 'Four.', usage: { promptTokens: 12, completionTokens: 7, reasoningTokens: 5 } });
    const text = await stream('usage-openai-asked', { model: 'o-thinking', stream_options: { include_usage: true }, messages: [{ role: 'user', content: '2+2?' }] });
    const chunks = dataPayloads(text).slice(0, -1).map((payload) => JSON.parse(payload) as { usage?: unknown; choices: unknown[] });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 7 } });
    expect(await usageRecordOf(gateway.gateway.url, 'usage-openai-asked')).toMatchObject({ completionTokens: 7, reasoningTokens: 5, tokensEstimated: false });
  });

  it('DeepSeek: the reasoning tokens are billed from its usage chunk, which the client does not get', async () => {
    deepseek.enqueueReply({ kind: 'text', text: 'Four.', reasoning: 'Two and two.', usage: { promptTokens: 20, completionTokens: 9_000, reasoningTokens: 8_990 } });
    const text = await stream('usage-deepseek', { model: 'ds', messages: [{ role: 'user', content: '2+2?' }] });
    expectNoUsageAnywhere(text);
    expect(deepseek.requests.at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(await usageRecordOf(gateway.gateway.url, 'usage-deepseek')).toMatchObject({ promptTokens: 20, completionTokens: 9_000, reasoningTokens: 8_990, tokensEstimated: false });
  });

  it('a compatible server set to `streamUsage: false` is sent no stream options; its stream is estimated', async () => {
    compatible.enqueueReply({ kind: 'text', text: 'Four.', usage: { promptTokens: 12, completionTokens: 50_002 } });
    const text = await stream('usage-opted-out', { model: 'plain-compatible', messages: [{ role: 'user', content: '2+2?' }] });
    expectNoUsageAnywhere(text);
    expect(compatible.requests.at(-1)!.body).not.toHaveProperty('stream_options');
    expect(await usageRecordOf(gateway.gateway.url, 'usage-opted-out')).toMatchObject({ tokensEstimated: true });
  });
});
