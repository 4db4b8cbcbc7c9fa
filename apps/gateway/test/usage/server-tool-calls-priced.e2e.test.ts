import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startGatewayInFrontOf, type GatewayInFrontOf } from '../support/test-gateway.js';

// Issue 27: a server-side tool the vendor counts in its usage is priced from that count. Anthropic
// reports `usage.server_tool_use.web_search_requests` and bills $10 per 1,000 searches; the Claude
// cards price `web_search` at $0.01 a call, so a key with a budget may search and pays for it.

const BUDGETED = 'mg-budgeted-search-key-0123456789';
let gateway: GatewayInFrontOf<AnthropicSimulator>;

beforeAll(async () => {
  const simulator = await startAnthropicSimulator({ apiKey: 'sk-ant-search' });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulator.url, apiKey: 'sk-ant-search' } }],
    keys: [{ name: 'budgeted', key: BUDGETED, budget: { usd: 5, period: 'day' } }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(() => gateway.close());

const SEARCHED = {
  content: [
    { type: 'server_tool_use' as const, id: 'srvtoolu_1', name: 'web_search', input: { query: 'gateway news' } },
    { type: 'web_search_tool_result' as const, tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'https://example.com/a', title: 'A', encrypted_content: 'e1' }] },
    { type: 'server_tool_use' as const, id: 'srvtoolu_2', name: 'web_search', input: { query: 'gateway news today' } },
    { type: 'web_search_tool_result' as const, tool_use_id: 'srvtoolu_2', content: [{ type: 'web_search_result', url: 'https://example.com/b', title: 'B', encrypted_content: 'e2' }] },
    { type: 'text' as const, text: 'Two searches found it.' },
  ],
  usage: { inputTokens: 10_000, outputTokens: 200 },
};
const TOKENS_COST = (10_000 * 3 + 200 * 15) / 1e6;

async function search(requestId: string, stream: boolean): Promise<string> {
  const response = await fetch(`${gateway.gateway.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': BUDGETED, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 500, stream, messages: [{ role: 'user', content: 'News about gateways?' }], tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('server tool calls priced from the usage', () => {
  it('bills two web searches at $0.01 each on top of the tokens, whole and streamed', async () => {
    gateway.simulator.enqueueReply(SEARCHED);
    const whole = JSON.parse(await search('searched-whole', false)) as { usage: { server_tool_use: unknown } };
    expect(whole.usage.server_tool_use).toEqual({ web_search_requests: 2 });
    expect(gateway.simulator.requests.at(-1)!.body).toMatchObject({ tools: [{ type: 'web_search_20250305', name: 'web_search' }] });
    expect(await usageRecordOf(gateway.gateway.url, 'searched-whole')).toMatchObject({ promptTokens: 10_000, completionTokens: 200, costUsd: expect.closeTo(TOKENS_COST + 0.02, 12) });

    gateway.simulator.enqueueReply(SEARCHED);
    const streamed = await search('searched-stream', true);
    expect(streamed).toContain('"server_tool_use":{"web_search_requests":2}');
    expect(await usageRecordOf(gateway.gateway.url, 'searched-stream')).toMatchObject({ stream: true, costUsd: expect.closeTo(TOKENS_COST + 0.02, 12) });
  });
});
