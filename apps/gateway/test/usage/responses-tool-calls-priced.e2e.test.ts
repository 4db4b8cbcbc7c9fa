import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

// Issue 27: OpenAI bills each hosted web search ($10 per 1,000 on reasoning models) beyond the
// tokens its usage reports; every search is a `web_search_call` item of the response. The gateway
// counts them (in the whole answer, or the stream's terminal event) when the request declared the
// tool, and bills them at the card's `toolCalls.web_search`, so a key with a budget may search.

const BUDGETED = 'mg-budgeted-responses-key-012345';
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({
    models: [{ id: 'searcher', provider: 'openai', upstreamModel: 'gpt-5' }],
    keys: [{ name: 'budgeted', key: BUDGETED, budget: { usd: 5, period: 'day' } }],
    admin: { token: TEST_ADMIN_TOKEN },
  });
});
afterAll(() => gateway.close());

async function respond(requestId: string, stream: boolean): Promise<string> {
  gateway.simulator.enqueueResponsesReply({
    kind: 'completed',
    items: [
      { type: 'web_search_call', query: 'gateway news' },
      { type: 'web_search_call', query: 'gateway news today' },
      { type: 'web_search_call', query: 'gateway "type":"web_search_call"' },
      { type: 'message', text: 'Three searches; this text says "type":"web_search_call" and is not a call.' },
    ],
    usage: { promptTokens: 8_000, completionTokens: 300 },
  });
  const response = await fetch(`${gateway.baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BUDGETED}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'searcher', input: 'News about gateways?', stream, tools: [{ type: 'web_search' }] }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

// gpt-5: $1.25 input, $10 output per million tokens.
const TOKENS_COST = (8_000 * 1.25 + 300 * 10) / 1e6;

describe('Responses tool calls priced from the answer', () => {
  it('bills three web searches at $0.01 each, whole and streamed', async () => {
    const whole = await respond('searched-whole', false);
    expect(whole.match(/"type":"web_search_call"/g)).toHaveLength(3);
    expect(gateway.simulator.requests.at(-1)!.body).toMatchObject({ model: 'gpt-5', tools: [{ type: 'web_search' }] });
    expect(await usageRecordOf(gateway.gateway.url, 'searched-whole')).toMatchObject({ promptTokens: 8_000, completionTokens: 300, costUsd: expect.closeTo(TOKENS_COST + 0.03, 12) });

    const streamed = await respond('searched-stream', true);
    expect(streamed).toContain('event: response.web_search_call.completed');
    expect(await usageRecordOf(gateway.gateway.url, 'searched-stream')).toMatchObject({ stream: true, costUsd: expect.closeTo(TOKENS_COST + 0.03, 12) });
  });
});
