import { afterEach, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { authorized, startGatewayInFrontOf, startTestGateway, TEST_SERVICE_KEY, UPSTREAM_KEY, type TestGateway } from '../support/test-gateway.js';

// Model ids resolve in one order: configured models, then the one provider whose id pattern
// matches, then `<instance>/<model>`. Two instances of the OpenAI plugin share `gpt-*`, so a bare
// `gpt-*` id is ambiguous here and must be named through its instance.
describe('model routing by id', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function twoOpenAiInstances(): Promise<TestGateway> {
    const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    const settings = { baseUrl: simulator.url, apiKey: UPSTREAM_KEY };
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'openai', settings },
        { package: '@modelgate/provider-openai', id: 'backup', settings },
      ],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    return harness;
  }

  const chat = (gateway: TestGateway, model: string) =>
    fetch(`${gateway.baseUrl}/chat/completions`, { method: 'POST', headers: authorized(), body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }) });

  it('serves a configured id first, even where a pattern would match', async () => {
    harness = await startTestGateway();
    const response = await chat(harness, 'gpt-test');
    expect(response.status).toBe(200);
    expect((harness.simulator.requests.at(-1)!.body as { model: string }).model).toBe('gpt-4.1-mini');
  });

  it('routes `<instance>/<model>` to that instance with the bare model upstream', async () => {
    harness = await startTestGateway();
    const response = await chat(harness, 'openai/gpt-4o-mini');
    expect(response.status).toBe(200);
    expect((harness.simulator.requests.at(-1)!.body as { model: string }).model).toBe('gpt-4o-mini');
  });

  it('answers an id two providers match with 404 naming the qualified ids and GET /v1/models, and lists those ids', async () => {
    const gateway = await twoOpenAiInstances();
    const before = gateway.simulator.requests.length;
    const response = await chat(gateway, 'gpt-5');
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('model_not_found');
    expect(error.message).toContain("'openai/gpt-5' or 'backup/gpt-5'");
    expect(error.message).toContain('GET /v1/models');
    expect(gateway.simulator.requests.length).toBe(before);
    const listed = (await (await fetch(`${gateway.baseUrl}/models`, { headers: authorized() })).json()) as { data: Array<{ id: string }> };
    expect(listed.data.map((model) => model.id)).toEqual(expect.arrayContaining(['gpt-test', 'openai/gpt-5', 'backup/gpt-5']));
    expect(listed.data.map((model) => model.id)).not.toContain('gpt-5');
    expect((await chat(gateway, 'backup/gpt-5')).status).toBe(200);
  });

  it('routeUnlistedModels: false serves only the configured ids of that instance: its patterns match neither bare nor qualified', async () => {
    const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    const settings = { baseUrl: simulator.url, apiKey: UPSTREAM_KEY };
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'listed-only', routeUnlistedModels: false, settings },
        { package: '@modelgate/provider-openai', id: 'open', settings },
      ],
      models: [{ id: 'house-model', provider: 'listed-only', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    const upstreamModel = async (model: string) => {
      const before = harness!.simulator.requests.length;
      const response = await chat(harness!, model);
      await response.arrayBuffer();
      return { model, status: response.status, upstream: harness!.simulator.requests.slice(before).map((request) => (request.body as { model: string }).model) };
    };
    expect(await upstreamModel('house-model')).toEqual({ model: 'house-model', status: 200, upstream: ['gpt-4.1-mini'] });
    expect(await upstreamModel('listed-only/gpt-4o-mini')).toEqual({ model: 'listed-only/gpt-4o-mini', status: 404, upstream: [] });
    // The bare id is no longer ambiguous: only the other instance's patterns match it.
    expect(await upstreamModel('gpt-4o-mini')).toEqual({ model: 'gpt-4o-mini', status: 200, upstream: ['gpt-4o-mini'] });
    expect(await upstreamModel('open/gpt-4o-mini')).toEqual({ model: 'open/gpt-4o-mini', status: 200, upstream: ['gpt-4o-mini'] });
    const listed = (await (await fetch(`${harness.baseUrl}/models`, { headers: authorized() })).json()) as { data: Array<{ id: string }> };
    expect(listed.data.map((model) => model.id)).toContain('house-model');
    expect(listed.data.filter((model) => model.id.startsWith('listed-only/'))).toEqual([]);
  });

  it('answers an unknown id 404 pointing to GET /v1/models', async () => {
    harness = await startTestGateway();
    const response = await chat(harness, 'mistral-large-latest');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('GET /v1/models');
  });
});
