import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

const UPSTREAM_KEY = 'sk-cooldown-upstream';
const BIG_KEY = 'mg-cooldown-big-prompts-0123456789ab';
const OTHER_KEY = 'mg-cooldown-other-key-0123456789abcd';
const TOKENS_PER_MINUTE = 2_000;

async function chat(baseUrl: string, key: string, content: string) {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'house', messages: [{ role: 'user', content }] }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { message?: string; code?: string } } };
}

describe('only errors that say a deployment is unhealthy take it out of rotation (issue 27)', () => {
  let harness: GatewayInFrontOf<OpenAiSimulator>;

  beforeAll(async () => {
    // One organisation's limit, two deployments of the model on it (two instances, as two regions would be).
    const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY, tokensPerMinute: TOKENS_PER_MINUTE });
    const instance = (id: string) => ({ package: '@modelgate/provider-openai', id, routeUnlistedModels: false, settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [instance('east'), instance('west')],
      models: [{ id: 'house', provider: 'east', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'west' }] }],
      keys: [
        { name: 'big', key: BIG_KEY },
        { name: 'other', key: OTHER_KEY },
      ],
      admin: { token: TEST_ADMIN_TOKEN },
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 }, cooldown: { failureThreshold: 3, cooldownMs: 600_000 } },
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());

  it("keeps every deployment in rotation and the replica ready after six 429 'Request too large' answers", async () => {
    const huge = 'lorem ipsum '.repeat(TOKENS_PER_MINUTE);
    for (let index = 0; index < 6; index++) {
      const refused = await chat(harness.baseUrl, BIG_KEY, huge);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.message).toMatch(/^Request too large for gpt-4\.1-mini/);
    }
    const tooLarge = harness.simulator.requests.length;
    expect(tooLarge).toBeGreaterThanOrEqual(6);

    const other = await chat(harness.baseUrl, OTHER_KEY, 'hello');
    expect(other.status).toBe(200);
    expect(harness.simulator.requests.length).toBe(tooLarge + 1);
    expect((await fetch(`${harness.gateway.url}/ready`)).status).toBe(200);
    const health = (await (await fetch(`${harness.gateway.url}/admin/deployments`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as unknown;
    expect(JSON.stringify(health)).not.toMatch(/cooling-down/);
  });
});
