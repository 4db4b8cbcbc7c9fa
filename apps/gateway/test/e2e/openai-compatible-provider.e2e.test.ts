import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { authorized, dataPayloads, startGatewayInFrontOf, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

const SERVER_KEY = 'sk-local-server-key';

function chat(harness: TestGateway, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', headers: authorized(), body: JSON.stringify(body) });
}

describe('@modelgate/provider-openai-compatible configured alone, in front of an OpenAI-compatible server', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    const simulator = await startOpenAiSimulator({ apiKey: SERVER_KEY });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        {
          package: '@modelgate/provider-openai-compatible',
          id: 'local',
          settings: {
            baseUrl: simulator.url,
            apiKey: SERVER_KEY,
            headers: { 'x-tenant': 'team-a' },
            family: 'local-llm',
            models: ['llama-3.1-8b'],
            parameters: { max_completion_tokens: { renamedTo: 'max_tokens' }, seed: { unsupported: 'this server has no sampling seed' } },
          },
        },
      ],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  it('sends the body with the configured key, headers and renamed fields, and answers with the server’s completion', async () => {
    const response = await chat(harness, { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'hello' }], max_completion_tokens: 50 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { model: string; choices: Array<{ message: { content: string } }>; usage: { total_tokens: number } };
    expect(body.choices[0]!.message.content).toBe('Echo: hello');
    expect(body.model).toBe('llama-3.1-8b');
    expect(body.usage.total_tokens).toBeGreaterThan(0);

    const [upstream] = harness.simulator.requests;
    expect(harness.simulator.requests).toHaveLength(1);
    expect(upstream!.path).toBe('/v1/chat/completions');
    expect(upstream!.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(upstream!.headers['x-tenant']).toBe('team-a');
    expect(upstream!.body).toEqual({ model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'hello' }], max_tokens: 50 });
  });

  it('relays a streamed answer chunk by chunk, ending with [DONE]', async () => {
    const response = await chat(harness, {
      model: 'llama-3.1-8b',
      messages: [{ role: 'user', content: 'stream me' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const payloads = dataPayloads(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as { choices: Array<{ delta: { content?: string } }>; usage?: unknown });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Echo: stream me');
    expect(chunks.at(-1)!.usage).toMatchObject({ total_tokens: expect.any(Number) });

    expect(harness.simulator.requests.map((request) => request.body)).toEqual([
      { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'stream me' }], stream: true, stream_options: { include_usage: true } },
    ]);
  });

  it('refuses a parameter the server does not support with a 400 naming it, before calling the server', async () => {
    const response = await chat(harness, { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'hi' }], seed: 7 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "local-llm does not support 'seed': this server has no sampling seed. Remove it, or set the provider's unsupportedParameters to 'drop'.",
        type: 'invalid_request_error',
        param: 'seed',
        code: 'unsupported_parameter',
      },
    });
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('lists the configured models under the configured family and serves no unlisted id', async () => {
    const models = (await (await fetch(`${harness.baseUrl}/models`, { headers: authorized() })).json()) as { data: Array<{ id: string; owned_by: string }> };
    expect(models.data.map((model) => [model.id, model.owned_by])).toEqual([['llama-3.1-8b', 'local-llm']]);
    const unlisted = await chat(harness, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] });
    expect(unlisted.status).toBe(404);
    expect(harness.simulator.requests).toHaveLength(0);
  });
});
