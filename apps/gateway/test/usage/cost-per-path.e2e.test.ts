import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { authorized, startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';

// Usage and spend on every path: chat (whole and streamed) to OpenAI and to Anthropic (with cache
// reads and writes), Responses (whole and streamed), compact, and a refusal. Each record's counts
// are the ones the client was told, and its cost those counts at the model's configured prices.

const OPENAI_PRICES = { input: 1, output: 2, cachedInput: 0.5 };
const CLAUDE_PRICES = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 };

let gateway: GatewayInFrontOf<OpenAiSimulator>;
let anthropic: AnthropicSimulator;

beforeAll(async () => {
  anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-cost' });
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [
      { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } },
      { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-cost' } },
    ],
    models: [
      { id: 'gpt-priced', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: OPENAI_PRICES },
      { id: 'gpt-5-priced', provider: 'openai', upstreamModel: 'gpt-5', pricing: OPENAI_PRICES },
      { id: 'claude-priced', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: CLAUDE_PRICES },
    ],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(async () => {
  await gateway.close();
  await anthropic.close();
});

async function post(path: string, requestId: string, body: object): Promise<string> {
  const response = await fetch(`${gateway.baseUrl}${path}`, { method: 'POST', headers: authorized({ 'x-request-id': requestId }), body: JSON.stringify(body) });
  return response.text();
}

const recordOf = (requestId: string): Promise<UsageRecord> => usageRecordOf(gateway.gateway.url, requestId);

/** USD for these counts at these prices (per million tokens); cached and cache-written prompt tokens at their own prices. */
function priced(prompt: number, completion: number, prices: { input: number; output: number; cachedInput?: number; cacheWrite?: number }, cached = 0, written = 0): number {
  return ((prompt - cached - written) * prices.input + cached * (prices.cachedInput ?? prices.input) + written * (prices.cacheWrite ?? prices.input) + completion * prices.output) / 1e6;
}

interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
}

describe('usage records and spend on every path', () => {
  it('chat to OpenAI, whole and streamed', async () => {
    const whole = JSON.parse(await post('/chat/completions', 'cost-chat', { model: 'gpt-priced', messages: [{ role: 'user', content: 'Count to three' }] })) as { usage: ChatUsage };
    expect(await recordOf('cost-chat')).toMatchObject({ promptTokens: whole.usage.prompt_tokens, completionTokens: whole.usage.completion_tokens, costUsd: expect.closeTo(priced(whole.usage.prompt_tokens, whole.usage.completion_tokens, OPENAI_PRICES), 12) });

    const streamed = await post('/chat/completions', 'cost-chat-stream', { model: 'gpt-priced', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Count to four' }] });
    const usage = streamed.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as { usage?: ChatUsage }).find((chunk) => chunk.usage)!.usage!;
    expect(await recordOf('cost-chat-stream')).toMatchObject({ stream: true, promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, costUsd: expect.closeTo(priced(usage.prompt_tokens, usage.completion_tokens, OPENAI_PRICES), 12) });
  });

  it('chat to Anthropic with cache reads and writes, whole and streamed', async () => {
    const cacheUsage = { inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 200, cacheCreationInputTokens: 300 };
    // Anthropic's input_tokens excludes the cache: the prompt is 100 + 200 + 300 tokens.
    const expected = { promptTokens: 600, cachedTokens: 200, completionTokens: 20, costUsd: expect.closeTo(priced(600, 20, CLAUDE_PRICES, 200, 300), 12) };
    anthropic.enqueueReply({ content: [{ type: 'text', text: 'Cached.' }], usage: cacheUsage });
    await post('/chat/completions', 'cost-claude', { model: 'claude-priced', messages: [{ role: 'user', content: 'hi' }] });
    expect(await recordOf('cost-claude')).toMatchObject(expected);
    anthropic.enqueueReply({ content: [{ type: 'text', text: 'Cached.' }], usage: cacheUsage });
    await post('/chat/completions', 'cost-claude-stream', { model: 'claude-priced', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    expect(await recordOf('cost-claude-stream')).toMatchObject({ ...expected, stream: true });
    // Without include_usage the client sees no usage chunk, but the vendor's counts are still the ones charged.
    anthropic.enqueueReply({ content: [{ type: 'text', text: 'Cached.' }], usage: cacheUsage });
    const quiet = await post('/chat/completions', 'cost-claude-quiet', { model: 'claude-priced', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(quiet).not.toContain('"usage":{');
    expect(await recordOf('cost-claude-quiet')).toMatchObject({ ...expected, stream: true, tokensEstimated: false });
  });

  it('Responses whole and streamed, and compact', async () => {
    type ResponsesUsage = { input_tokens: number; output_tokens: number; input_tokens_details?: { cached_tokens?: number } };
    const whole = JSON.parse(await post('/responses', 'cost-responses', { model: 'gpt-5-priced', input: 'Say hi' })) as { usage: ResponsesUsage };
    expect(await recordOf('cost-responses')).toMatchObject({ endpoint: 'responses', promptTokens: whole.usage.input_tokens, completionTokens: whole.usage.output_tokens, costUsd: expect.closeTo(priced(whole.usage.input_tokens, whole.usage.output_tokens, OPENAI_PRICES), 12) });

    const events = await post('/responses', 'cost-responses-stream', { model: 'gpt-5-priced', input: 'Say hi', stream: true });
    const completed = events.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as { type: string; response?: { usage: ResponsesUsage } }).find((event) => event.type === 'response.completed')!;
    const usage = completed.response!.usage;
    expect(await recordOf('cost-responses-stream')).toMatchObject({ stream: true, promptTokens: usage.input_tokens, completionTokens: usage.output_tokens, costUsd: expect.closeTo(priced(usage.input_tokens, usage.output_tokens, OPENAI_PRICES), 12) });

    const compacted = JSON.parse(await post('/responses/compact', 'cost-compact', { model: 'gpt-5-priced', input: [{ role: 'user', content: 'A long conversation to compact.' }] })) as { usage: ResponsesUsage };
    expect(await recordOf('cost-compact')).toMatchObject({ endpoint: 'compact', promptTokens: compacted.usage.input_tokens, completionTokens: compacted.usage.output_tokens, costUsd: expect.closeTo(priced(compacted.usage.input_tokens, compacted.usage.output_tokens, OPENAI_PRICES), 12) });
  });

  it('a refusal leaves a record with no tokens and no cost', async () => {
    await post('/chat/completions', 'cost-refused', { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(await recordOf('cost-refused')).toMatchObject({ status: 404, outcome: 'refused', promptTokens: 0, completionTokens: 0, costUsd: 0 });
  });
});
