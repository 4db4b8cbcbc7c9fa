import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

// Issue 27: a key with a budget never reaches a model without a price (routed by pattern, or as a
// deployment or fallback of a priced one): it is refused before any upstream call, in OpenAI's
// envelope, and recorded as refused. Keys without a budget still reach it.

const BUDGETED = 'mg-budgeted-key-0123456789abcdef';
const UNBUDGETED = 'mg-unbudgeted-key-0123456789abcd';
let gateway: GatewayInFrontOf<OpenAiSimulator>;

beforeAll(async () => {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
    models: [
      { id: 'priced', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: { input: 1, output: 2 } },
      // Priced itself, but its fallback (an unlisted id with no card) is not.
      { id: 'priced-with-unpriced-fallback', provider: 'openai', upstreamModel: 'gpt-4.1', fallbacks: [{ model: 'o1-pro' }] },
    ],
    keys: [
      { name: 'budgeted', key: BUDGETED, budget: { usd: 0.05, period: 'day' } },
      { name: 'unbudgeted', key: UNBUDGETED },
    ],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(() => gateway.close());

async function chat(key: string, requestId: string, model: string): Promise<Response> {
  return fetch(`${gateway.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model, max_tokens: 50_000, messages: [{ role: 'user', content: 'hi' }] }),
  });
}

describe('unpriced models under a budget', () => {
  it('refuses a budgeted key an unlisted model without a price, before any upstream call', async () => {
    const before = gateway.simulator.requests.length;
    const response = await chat(BUDGETED, 'unpriced-pattern', 'o1-pro');
    expect(response.status).toBe(403);
    const { error } = (await response.json()) as { error: { type: string; code: string; message: string } };
    expect(error).toMatchObject({ type: 'permission_error', code: 'unpriced_under_budget' });
    expect(error.message).toContain("the model 'o1-pro' (deployment 'openai/o1-pro') has no price in this gateway");
    expect(gateway.simulator.requests.length).toBe(before);
    expect(await usageRecordOf(gateway.gateway.url, 'unpriced-pattern')).toMatchObject({ status: 403, outcome: 'refused', costUsd: 0, promptTokens: 0 });
  });

  it('refuses a budgeted key a priced model whose fallback has no price', async () => {
    const before = gateway.simulator.requests.length;
    const response = await chat(BUDGETED, 'unpriced-fallback', 'priced-with-unpriced-fallback');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("'o1-pro'");
    expect(gateway.simulator.requests.length).toBe(before);
  });

  it('lets a budgeted key reach a priced model, and a key without a budget an unpriced one', async () => {
    const priced = await chat(BUDGETED, 'priced-under-budget', 'priced');
    expect(priced.status).toBe(200);
    expect((await usageRecordOf(gateway.gateway.url, 'priced-under-budget')).costUsd).toBeGreaterThan(0);
    const unpriced = await chat(UNBUDGETED, 'unpriced-no-budget', 'o1-pro');
    expect(unpriced.status).toBe(200);
    expect(gateway.simulator.requests.at(-1)!.body).toMatchObject({ model: 'o1-pro' });
  });
});
