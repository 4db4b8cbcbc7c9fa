import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

// Issue 27: a vendor's long-context premium is priced from the usage it reports. Claude Sonnet 4.5
// with the 1M-context beta bills every token of a request whose prompt (cache reads and writes
// included) is over 200k tokens at $6 / $22.50 (cache reads $0.60, writes $7.50) instead of
// $3 / $15; the model card carries both tiers, so no config is needed.

let gateway: GatewayInFrontOf<AnthropicSimulator>;

beforeAll(async () => {
  const simulator = await startAnthropicSimulator({ apiKey: 'sk-ant-long' });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulator.url, apiKey: 'sk-ant-long' } }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(() => gateway.close());

async function message(requestId: string): Promise<void> {
  const response = await fetch(`${gateway.gateway.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': TEST_SERVICE_KEY, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'context-1m-2025-08-07', 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'Summarise the repository.' }] }),
  });
  expect(response.status).toBe(200);
  await response.text();
}

describe('long-context prices', () => {
  it('bills a prompt over 200k tokens at the long-context prices, and one at 200k at the standard ones', async () => {
    // Anthropic's input_tokens excludes the cache: 150k + 40k read + 20k written = 210k tokens of prompt.
    gateway.simulator.enqueueReply({ content: [{ type: 'text', text: 'A gateway.' }], usage: { inputTokens: 150_000, outputTokens: 1_000, cacheReadInputTokens: 40_000, cacheCreationInputTokens: 20_000 } });
    await message('long-prompt');
    expect(gateway.simulator.requests.at(-1)!.headers['anthropic-beta']).toBe('context-1m-2025-08-07');
    expect(await usageRecordOf(gateway.gateway.url, 'long-prompt')).toMatchObject({
      promptTokens: 210_000,
      cachedTokens: 40_000,
      completionTokens: 1_000,
      costUsd: expect.closeTo((150_000 * 6 + 40_000 * 0.6 + 20_000 * 7.5 + 1_000 * 22.5) / 1e6, 12),
    });

    gateway.simulator.enqueueReply({ content: [{ type: 'text', text: 'A gateway.' }], usage: { inputTokens: 200_000, outputTokens: 1_000 } });
    await message('at-the-threshold');
    expect(await usageRecordOf(gateway.gateway.url, 'at-the-threshold')).toMatchObject({ promptTokens: 200_000, costUsd: expect.closeTo((200_000 * 3 + 1_000 * 15) / 1e6, 12) });
  });
});
