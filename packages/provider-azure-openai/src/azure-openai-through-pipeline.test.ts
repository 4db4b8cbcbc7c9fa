import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import azureOpenAiPlugin from './index.js';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from './testing/index.js';

const KEY = 'azure-resource-key';
const DEPLOYMENT = 'gpt-4.1-mini';

// The provider on the pipeline's real request path in front of the strict Azure simulator: what
// reached the simulator is what Azure would have received, in each URL shape.
describe.each([
  { shape: 'the v1 API', settings: {}, path: '/openai/v1/chat/completions', query: {} },
  { shape: 'the classic deployment URLs', settings: { apiVersion: '2024-10-21' }, path: `/openai/deployments/${DEPLOYMENT}/chat/completions`, query: { 'api-version': '2024-10-21' } },
])('Azure OpenAI through the pipeline, $shape', ({ settings, path, query }) => {
  let simulator: AzureOpenAiSimulator;
  let gateway: ConformanceGateway;
  let wrongKey: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startAzureOpenAiSimulator({ apiKey: KEY, deployments: { [DEPLOYMENT]: 'gpt-4.1-mini-2025-04-14' } });
    gateway = await startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url, apiKey: KEY, ...settings }, model: DEPLOYMENT });
    wrongKey = await startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url, apiKey: 'not-the-key', ...settings }, model: DEPLOYMENT });
  });
  afterAll(async () => {
    await gateway?.close();
    await wrongKey?.close();
    await simulator?.close();
  });

  const post = (body: Record<string, unknown>, to = gateway) =>
    fetch(`${to.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${to.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: DEPLOYMENT, ...body }),
    });

  it('sends the key as api-key (never as a bearer token) to the shape the settings chose, and relays the filter annotations', async () => {
    const response = await post({ messages: [{ role: 'user', content: 'Hello' }], max_tokens: 20 });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, unknown> & { choices: Array<Record<string, unknown>> };
    const sent = simulator.requests.at(-1)!;
    expect({ path: sent.path, query: sent.query, key: sent.headers['api-key'], authorization: sent.headers.authorization }).toEqual({ path, query, key: KEY, authorization: undefined });
    expect(sent.body).toMatchObject({ model: DEPLOYMENT, max_completion_tokens: 20 });
    expect(answer.model).toBe('gpt-4.1-mini-2025-04-14');
    expect(answer.prompt_filter_results).toEqual([expect.objectContaining({ prompt_index: 0 })]);
    expect(answer.choices[0]!.content_filter_results).toMatchObject({ violence: { filtered: false, severity: 'safe' } });
  });

  it("drops the stream's opening filter-only chunk (OpenAI clients read choices[0]) and relays the rest", async () => {
    const response = await post({ messages: [{ role: 'user', content: 'Hello' }], stream: true });
    const events = new SseParser().push(await response.text());
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { choices: Array<{ delta: { content?: string }; content_filter_results?: unknown }> });
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]!.delta.content ?? '').join('')).toBe('Echo: Hello');
    expect(chunks[0]!.choices[0]!.content_filter_results).toBeDefined();
  });

  it('answers a completion the filter cut short with finish_reason content_filter and the filtered category', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Part', finishReason: 'content_filter' });
    const response = await post({ messages: [{ role: 'user', content: 'Tell me' }] });
    const answer = (await response.json()) as { choices: Array<{ finish_reason: string; content_filter_results: { violence: unknown } }> };
    expect(answer.choices[0]).toMatchObject({ finish_reason: 'content_filter', content_filter_results: { violence: { filtered: true, severity: 'high' } } });
  });

  it("passes on Azure's 400 for a prompt its filter blocked, with its code", async () => {
    const response = await post({ messages: [{ role: 'user', content: 'say BLOCKED-BY-FILTER' }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'content_filter', param: 'prompt', message: expect.stringContaining("content management policy") } });
  });

  it('names a deployment the resource lacks as a 404', async () => {
    const unknown = await startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url, apiKey: KEY, ...settings }, model: 'gpt-5-nano' });
    try {
      const response = await post({ model: 'gpt-5-nano', messages: [{ role: 'user', content: 'Hi' }] }, unknown);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'DeploymentNotFound' } });
    } finally {
      await unknown.close();
    }
  });

  it("turns Azure's 401 for a wrong key into the gateway's 502, quoting neither key", async () => {
    const response = await post({ messages: [{ role: 'user', content: 'Hi' }] }, wrongKey);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('upstream_authentication_failed');
    expect(text).not.toContain('not-the-key');
    expect(simulator.requests.at(-1)!.headers['api-key']).toBe('not-the-key');
  });
});
