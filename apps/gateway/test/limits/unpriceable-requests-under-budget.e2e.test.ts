import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

// Issue 27: what the vendor bills beyond the tokens its usage reports (a background response,
// billed after the gateway has answered; server-side tools with a fee per call; the priority tier)
// cannot be priced, so a key with a budget is refused it before any upstream call. A key without
// a budget still sends it.

const BUDGETED = 'mg-budgeted-key-0123456789abcdef';
const UNBUDGETED = 'mg-unbudgeted-key-0123456789abcd';
let gateway: GatewayInFrontOf<OpenAiSimulator>;
let anthropic: AnthropicSimulator;

beforeAll(async () => {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-budget' });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [
      { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } },
      { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-budget' } },
    ],
    models: [
      { id: 'gpt', provider: 'openai', upstreamModel: 'gpt-5' },
      // A non-reasoning model: its card names no web search price ($25 per 1,000 preview searches).
      { id: 'gpt-plain', provider: 'openai', upstreamModel: 'gpt-4.1' },
      { id: 'claude', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5' },
      // Its own prices name no price per web search (the card's do).
      { id: 'claude-own-prices', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: { input: 3, output: 15 } },
    ],
    keys: [
      { name: 'budgeted', key: BUDGETED, budget: { usd: 5, period: 'day' } },
      { name: 'unbudgeted', key: UNBUDGETED },
    ],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(async () => {
  await gateway.close();
  await anthropic.close();
});

function post(path: string, key: string, requestId: string, body: object): Promise<Response> {
  return fetch(`${gateway.gateway.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify(body),
  });
}

const upstreamCalls = () => gateway.simulator.requests.length + anthropic.requests.length;

const REFUSED: Array<[string, string, object, string]> = [
  ['a background response', '/v1/responses', { model: 'gpt', input: 'Write a long essay', background: true }, 'a background response (`background: true`)'],
  ['a Responses web search on a model with no price per search', '/v1/responses', { model: 'gpt-plain', input: 'News?', tools: [{ type: 'web_search_preview' }] }, "the server-side tool 'web_search_preview'"],
  ['Code Interpreter', '/v1/responses', { model: 'gpt', input: 'Plot it', tools: [{ type: 'code_interpreter', container: { type: 'auto' } }] }, "the server-side tool 'code_interpreter'"],
  ['the priority tier on Responses', '/v1/responses', { model: 'gpt', input: 'hi', service_tier: 'priority' }, 'the priority tier'],
  ['the priority tier on chat', '/v1/chat/completions', { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], service_tier: 'priority' }, 'the priority tier'],
  ['chat web search', '/v1/chat/completions', { model: 'gpt', messages: [{ role: 'user', content: 'News?' }], web_search_options: {} }, 'web search (`web_search_options`)'],
  ["Anthropic's web search on a model with no price per search", '/v1/messages', { model: 'claude-own-prices', max_tokens: 100, messages: [{ role: 'user', content: 'News?' }], tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, "the server-side tool 'web_search_20250305'"],
  ["Anthropic's code execution", '/v1/messages', { model: 'claude', max_tokens: 100, messages: [{ role: 'user', content: 'Plot it' }], tools: [{ type: 'code_execution_20250825', name: 'code_execution' }] }, "the server-side tool 'code_execution_20250825'"],
];

describe('requests the gateway cannot price, under a budget', () => {
  it.each(REFUSED)('refuses %s to a budgeted key before any upstream call', async (_what, path, body, reason) => {
    const before = upstreamCalls();
    const requestId = `unpriceable-${REFUSED.findIndex((entry) => entry[2] === body)}`;
    const response = await post(path, BUDGETED, requestId, body);
    expect(response.status).toBe(403);
    const { error } = (await response.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe('permission_error');
    expect(error.message).toContain(`This API key has a budget, and the gateway cannot price this request: ${reason}`);
    expect(upstreamCalls()).toBe(before);
    expect(await usageRecordOf(gateway.gateway.url, requestId)).toMatchObject({ status: 403, outcome: 'refused', costUsd: 0 });
  });

  it('sends a background response of a key without a budget as it came', async () => {
    const response = await post('/v1/responses', UNBUDGETED, 'background-unbudgeted', { model: 'gpt', input: 'Write', background: true });
    expect(response.status).toBe(200);
    expect(gateway.simulator.requests.at(-1)!.body).toMatchObject({ model: 'gpt-5', background: true });
  });
});
