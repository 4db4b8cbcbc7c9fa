import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startDeepSeekSimulator, type DeepSeekSimulator } from '@modelgate/provider-deepseek/testing';
import { adminClient, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const UPSTREAM_KEY = 'sk-deepseek-upstream';
const MODEL = 'deepseek-v4-pro';
const weatherTool: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
/** What DeepSeek adds to OpenAI's delta and message types. */
type WithReasoning<T> = T & { reasoning_content?: string | null };

// The official openai client, pointed at the gateway with a DeepSeek model id (routed by the
// plugin's deepseek-* pattern), against the strict DeepSeek simulator: what reached the simulator is
// what DeepSeek would have received, and the simulator refuses what DeepSeek refuses.
describe('openai client through the gateway (DeepSeek family)', () => {
  let harness: GatewayInFrontOf<DeepSeekSimulator>;
  let client: OpenAI;
  const lastUpstream = () => harness.simulator.requests.at(-1)!.body as Record<string, unknown>;

  beforeAll(async () => {
    const simulator = await startDeepSeekSimulator({ apiKey: UPSTREAM_KEY });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-deepseek', id: 'deepseek', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
      admin: { token: TEST_ADMIN_TOKEN },
    });
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  /** Turn one, streamed: reasoning first, then a tool call. Returns what the client assembled. */
  async function streamToolCallTurn() {
    harness.simulator.enqueueReply({ kind: 'tool_calls', reasoning: 'The user wants Oslo’s weather; call the tool.', calls: [{ id: 'call_oslo', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Oslo?' }], tools: [weatherTool], stream: true });
    let reasoning = '';
    let sawReasoningBeforeToolCall = false;
    const call = { id: '', name: '', arguments: '' };
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as WithReasoning<OpenAI.Chat.ChatCompletionChunk.Choice.Delta> | undefined;
      reasoning += delta?.reasoning_content ?? '';
      for (const toolCall of delta?.tool_calls ?? []) {
        sawReasoningBeforeToolCall ||= reasoning.length > 0;
        call.id += toolCall.id ?? '';
        call.name += toolCall.function?.name ?? '';
        call.arguments += toolCall.function?.arguments ?? '';
      }
    }
    return { reasoning, sawReasoningBeforeToolCall, call };
  }

  function secondTurn(call: { id: string; name: string; arguments: string }, assistantExtra: Record<string, unknown>) {
    harness.simulator.enqueueReply({ kind: 'text', text: 'It is 4°C in Oslo.' });
    const assistant = { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }], ...assistantExtra };
    return client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [{ role: 'user', content: 'Weather in Oslo?' }, assistant as OpenAI.Chat.ChatCompletionAssistantMessageParam, { role: 'tool', tool_call_id: call.id, content: '4°C' }],
    });
  }

  it('streams reasoning_content, then a tool call; the second turn succeeds when the client echoes the reasoning', async () => {
    const turn = await streamToolCallTurn();
    expect(turn.reasoning).toBe('The user wants Oslo’s weather; call the tool.');
    expect(turn.sawReasoningBeforeToolCall).toBe(true);
    expect(turn.call).toEqual({ id: 'call_oslo', name: 'get_weather', arguments: '{"city":"Oslo"}' });
    expect(lastUpstream()).toMatchObject({ model: MODEL, stream: true, thinking: { type: 'enabled' } });

    const answer = await secondTurn(turn.call, { reasoning_content: turn.reasoning });
    expect(answer.choices[0]!.message.content).toBe('It is 4°C in Oslo.');
    expect((answer.choices[0]!.message as WithReasoning<OpenAI.Chat.ChatCompletionMessage>).reasoning_content).toEqual(expect.any(String));
    expect((lastUpstream().messages as Array<Record<string, unknown>>)[1]!.reasoning_content).toBe(turn.reasoning);
  });

  it('the second turn succeeds when the client drops the reasoning: DeepSeek got the placeholder, and the gateway logged it', async () => {
    const turn = await streamToolCallTurn();
    const answer = await secondTurn(turn.call, {});
    expect(answer.choices[0]!.message.content).toBe('It is 4°C in Oslo.');
    expect((lastUpstream().messages as Array<Record<string, unknown>>)[1]!.reasoning_content).toBe('(The reasoning of this step was not kept.)');
    expect(harness.logs.join('')).toContain('came back without reasoning_content; sent a placeholder instead');
  });

  it('keep-alives neither break the stream nor count as its first token; cost uses the cache-miss and cache-hit prices', async () => {
    harness.simulator.enqueueReply({ kind: 'text', text: 'Slow but sure.', keepAlives: { count: 4, intervalMs: 100 }, usage: { promptTokens: 1_000_000, cachedTokens: 600_000, completionTokens: 1_000_000 } });
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Take your time' }], stream: true, stream_options: { include_usage: true } });
    let content = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(content).toBe('Slow but sure.');
    expect(usage?.prompt_tokens_details?.cached_tokens).toBe(600_000);

    const admin = adminClient(harness.gateway.url);
    let record: Record<string, number> | undefined;
    await eventually(async () => {
      record = ((await admin.call('GET', '/usage')).body.records as Array<Record<string, number>>).find((candidate) => candidate.promptTokens === 1_000_000);
      return record !== undefined;
    });
    // The four keep-alives took 400 ms before the first chunk; the first token came after them.
    expect(record!.timeToFirstTokenMs).toBeGreaterThanOrEqual(380);
    expect(record!.cachedTokens).toBe(600_000);
    // deepseek-v4-pro: $1.32 input (cache miss), $0.044 cached input (cache hit), $3.96 output per million tokens.
    expect(record!.costUsd).toBeCloseTo(0.4 * 1.32 + 0.6 * 0.044 + 3.96, 6);
  });

  it('reads a JSON answer that came after DeepSeek’s blank lines', async () => {
    harness.simulator.enqueueReply({ kind: 'text', text: 'Worth the wait.', reasoning: 'Wait.', keepAlives: { count: 3, intervalMs: 30 } });
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]!.message).toMatchObject({ content: 'Worth the wait.', reasoning_content: 'Wait.' });
  });

  it('a 402 Insufficient Balance reaches the client as insufficient_quota', async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 402 });
    const failure = client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    await expect(failure).rejects.toMatchObject({ status: 402, code: 'insufficient_quota', type: 'insufficient_quota' });
  });

  it('serves reasoning_effort none as a request without thinking, and a temperature while thinking without it (DeepSeek ignores it then)', async () => {
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'quick' }], reasoning_effort: 'none', temperature: 0.2 });
    expect(lastUpstream()).toMatchObject({ thinking: { type: 'disabled' }, temperature: 0.2 });
    expect(lastUpstream()).not.toHaveProperty('reasoning_effort');
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }], temperature: 0.2 });
    expect(lastUpstream()).toMatchObject({ thinking: { type: 'enabled' } });
    expect(lastUpstream()).not.toHaveProperty('temperature');
  });
});

// DeepSeek's keep-alive comments while it waits are no progress: with nothing else, the stream still
// ends at the idle time-out, as a silent one would (PROTOCOLS G.2).
describe('DeepSeek keep-alives against the stream idle time-out', () => {
  let harness: GatewayInFrontOf<DeepSeekSimulator>;
  beforeAll(async () => {
    const simulator = await startDeepSeekSimulator({ apiKey: UPSTREAM_KEY });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      upstream: { streamIdleTimeoutMs: 300 },
      providers: [{ package: '@modelgate/provider-deepseek', id: 'deepseek', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());

  it('answers a stream that sends only keep-alives past the idle time-out with 504 upstream_timeout: nothing had started', async () => {
    harness.simulator.enqueueReply({ kind: 'text', text: 'Too late.', keepAlives: { count: 12, intervalMs: 100 } });
    const client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'q' }], stream: true })).rejects.toMatchObject({ status: 504, code: 'upstream_timeout' });
  });
});

