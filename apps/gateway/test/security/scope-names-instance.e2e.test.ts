import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { chat } from '../support/admin-client.js';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

const SCOPED_KEY = 'mg-scoped-gpt-4o-0123456789abcdefgh';
const OTHER_INSTANCE_KEY = 'mg-scoped-other-0123456789abcdefghi';
const OTHER_UPSTREAM_KEY = 'sk-other-instance-upstream';

describe('a key scope names the provider instance too (issue 27)', () => {
  let harness: GatewayInFrontOf<OpenAiSimulator>;
  let other: OpenAiSimulator;

  beforeAll(async () => {
    const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    other = await startOpenAiSimulator({ apiKey: OTHER_UPSTREAM_KEY });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'openai', routeUnlistedModels: false, settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } },
        // Another account (other credentials, other prices), reached by `otherinstance/<model>`.
        { package: '@modelgate/provider-openai', id: 'otherinstance', settings: { baseUrl: other.url, apiKey: OTHER_UPSTREAM_KEY } },
      ],
      models: [{ id: 'gpt-4o', provider: 'openai' }],
      keys: [
        { name: 'gpt-4o only', key: SCOPED_KEY, models: ['gpt-4o'] },
        { name: 'other instance', key: OTHER_INSTANCE_KEY, models: ['otherinstance/*'] },
      ],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(async () => {
    await harness.close();
    await other.close();
  });

  it("does not let a key scoped to 'gpt-4o' reach 'otherinstance/gpt-4o', and answers it like an unknown model", async () => {
    expect((await chat(harness.baseUrl, SCOPED_KEY, { model: 'gpt-4o' })).status).toBe(200);
    expect(harness.simulator.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o' });

    const refused = await chat(harness.baseUrl, SCOPED_KEY, { model: 'otherinstance/gpt-4o' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'model_not_found', param: 'model' } });
    expect(other.requests).toHaveLength(0);

    const listed = (await (await fetch(`${harness.baseUrl}/models`, { headers: { authorization: `Bearer ${SCOPED_KEY}` } })).json()) as { data: Array<{ id: string }> };
    expect(listed.data.map((model) => model.id)).toEqual(['gpt-4o']);
  });

  it('lets a scope that names the instance reach it', async () => {
    expect((await chat(harness.baseUrl, OTHER_INSTANCE_KEY, { model: 'otherinstance/gpt-4o' })).status).toBe(200);
    expect(other.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o' });
    expect((await chat(harness.baseUrl, OTHER_INSTANCE_KEY, { model: 'gpt-4o' })).status).toBe(404);
  });
});
