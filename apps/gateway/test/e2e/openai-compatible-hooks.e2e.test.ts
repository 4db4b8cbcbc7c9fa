import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { defineProvider } from '@modelgate/core';
import { createOpenAiCompatibleProvider } from '@modelgate/provider-openai-compatible';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { authorized, dataPayloads, startGatewayInFrontOf, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

// A vendor built on the compatible base, the way the DeepSeek provider will be: a request hook, a
// response hook and a chunk hook that changes content deltas and leaves the other chunks alone.
const shoutingVendor = defineProvider<{ baseUrl: string }>({
  specificationVersion: 'v1',
  id: 'shouting',
  family: 'shouting',
  settingsSchema: { type: 'object', required: ['baseUrl'], properties: { baseUrl: { type: 'string' } } },
  modelPatterns: ['shout-*'],
  create(settings) {
    const { endpoint: _endpoint, ...provider } = createOpenAiCompatibleProvider({
      connection: { baseUrl: settings.baseUrl },
      vendorName: 'Shouting',
      hooks: {
        request: ({ body, headers }, { call }) => ({ body: { ...body, user: `via-${call.publicModel}` }, headers: { ...headers, 'x-shouting': 'yes' } }),
        response: (response) => ({
          ...response,
          choices: response.choices.map((choice) => ({ ...choice, message: { ...choice.message, content: choice.message.content?.toUpperCase() ?? null } })),
        }),
        chunk: (chunk) =>
          typeof chunk.choices[0]?.delta.content === 'string'
            ? { ...chunk, choices: chunk.choices.map((choice) => ({ ...choice, delta: { ...choice.delta, content: choice.delta.content!.toUpperCase() } })) }
            : chunk,
      },
    });
    return provider;
  },
});

describe('a vendor built on the compatible base with hooks, behind the gateway', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    const simulator = await startOpenAiSimulator();
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ plugin: shoutingVendor as never, settings: { baseUrl: simulator.url } }],
      models: [{ id: 'shout-small', provider: 'shouting', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  it('sends what the request hook made, and answers with what the response hook made', async () => {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'shout-small', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('ECHO: HELLO');
    const [upstream] = harness.simulator.requests;
    expect(upstream!.headers['x-shouting']).toBe('yes');
    expect(upstream!.body).toEqual({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hello' }], user: 'via-shout-small' });
  });

  it('streams the chunks as the chunk hook changed them, then [DONE]', async () => {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'shout-small', messages: [{ role: 'user', content: 'quiet please' }], stream: true }),
    });
    expect(response.status).toBe(200);
    const payloads = dataPayloads(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as { choices: Array<{ delta: { content?: string }; finish_reason: string | null }> });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('ECHO: QUIET PLEASE');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });
});
