import OpenAI from 'openai';
import type { AnthropicToolResultBlockParam, AnthropicToolUseBlockParam } from '@modelgate/core';
import type { SentAnthropicRequest } from '@modelgate/provider-anthropic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { adminClient, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { CLAUDE_TEST_MODEL as MODEL, startAnthropicTestGateway, WEATHER_TOOL, type AnthropicTestGateway } from '../support/anthropic-test-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// Ordinary OpenAI requests, sent with the official openai client through the gateway to an
// Anthropic simulator that applies the real API's rules (issue 13). Each test checks what reached
// Anthropic (the simulator's recorded request) and what came back.

type Body = Record<string, unknown>;
/** The schema part of what reached Anthropic, as far as these tests read it. */
type SentSchema = { additionalProperties?: unknown; properties: Record<string, { anyOf?: unknown[] }> };

describe('ordinary OpenAI requests against an Anthropic that applies its rules', () => {
  let harness: AnthropicTestGateway;
  let client: OpenAI;
  const upstream = (): SentAnthropicRequest => harness.simulator.requests.at(-1)!.body as SentAnthropicRequest;

  beforeAll(async () => {
    harness = await startAnthropicTestGateway({}, { admin: { token: TEST_ADMIN_TOKEN } });
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  it('reasoning_effort without max_tokens stays inside the model output limit, budget included', async () => {
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'think' }], reasoning_effort: 'high', stream: true });
    for await (const _chunk of completion) {
      // drain
    }
    expect(upstream()).toMatchObject({ max_tokens: 64000, thinking: { type: 'enabled', budget_tokens: 4096 } });
  });

  it('temperature with top_p keeps temperature and drops top_p on models that refuse the pair', async () => {
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], temperature: 0.3, top_p: 0.9 });
    expect(completion.choices[0]!.message.content).toBe('Echo: hi');
    expect(upstream()).toMatchObject({ temperature: 0.3 });
    expect(upstream()).not.toHaveProperty('top_p');
  });

  it('a history with tool calls but no tools (a final summary step) is answered, tools declared and not callable', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '4C' },
        { role: 'user', content: 'Summarise.' },
      ],
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: Summarise.');
    expect(upstream()).toMatchObject({ tools: [{ name: 'get_weather', input_schema: { type: 'object' } }], tool_choice: { type: 'none' } });
  });

  it('a strict json_schema outside Anthropic’s subset is transformed the way Anthropic’s SDK does', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: '{"name":"Oslo","tags":["a","b"]}' }] });
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, pattern: '^[A-Z]' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        size: { oneOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
      },
      required: ['name', 'tags'],
    };
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'A city as JSON' }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ name: 'Oslo', tags: ['a', 'b'] });
    const sent = upstream().output_config!.format!.schema as SentSchema;
    expect(sent.additionalProperties).toBe(false);
    expect(sent.properties.name).toEqual({ type: 'string', description: '{minLength: 2, pattern: "^[A-Z]"}' });
    expect(sent.properties.size!.anyOf).toHaveLength(2);
  });

  it('a non-strict json_schema is a best-effort instruction, not constrained decoding', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string', minLength: 2 } } };
    await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'A city as JSON' }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: false } },
    });
    expect(upstream()).not.toHaveProperty('output_config');
    expect(JSON.stringify(upstream().system)).toContain('minLength');
  });

  it('a strict tool with constraints Anthropic cannot compile is sent transformed, strict kept', async () => {
    await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'look up' }],
      tools: [{ type: 'function', function: { name: 'lookup', strict: true, parameters: { type: 'object', properties: { q: { type: 'string', maxLength: 20 } }, required: ['q'] } } }],
    });
    expect(upstream().tools![0]).toEqual({
      name: 'lookup',
      strict: true,
      input_schema: { type: 'object', properties: { q: { type: 'string', description: '{maxLength: 20}' } }, required: ['q'], additionalProperties: false },
    });
  });

  it.each([
    ['a function tool_choice without its function', { tool_choice: { type: 'function' }, tools: [WEATHER_TOOL] }, 'tool_choice.function'],
    ['allowed_tools without its list', { tool_choice: { type: 'allowed_tools' }, tools: [WEATHER_TOOL] }, 'tool_choice.allowed_tools'],
    ['an assistant text part without text', { messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: [{ type: 'text' }] }, { role: 'user', content: 'b' }] }, 'messages[1].content[0].text'],
    ['an assistant refusal part without refusal', { messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: [{ type: 'refusal' }] }, { role: 'user', content: 'b' }] }, 'messages[1].content[0].refusal'],
  ])('%s is a 400 naming the field, before Anthropic is called', async (_case, body, param) => {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'x' }], ...body }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Body).error).toMatchObject({ type: 'invalid_request_error', param });
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('a legacy assistant function_call and an unknown part field are 400s naming them; image detail is dropped', async () => {
    const legacy = { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } } as unknown as OpenAI.Chat.ChatCompletionMessageParam;
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'a' }, legacy, { role: 'user', content: 'b' }] })).rejects.toMatchObject({
      status: 400,
      param: 'messages[1].function_call',
    });
    const odd = { type: 'text', text: 'a', priority: 'high' } as unknown as OpenAI.Chat.ChatCompletionContentPartText;
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [odd] }] })).rejects.toMatchObject({
      status: 400,
      param: 'messages[0].content[0].priority',
    });
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('a trailing assistant message with trailing whitespace is a prefill without it', async () => {
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Count' }, { role: 'assistant', content: 'One, two, ' }] });
    expect(upstream().messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'One, two,' }] });
  });

  it('a trailing assistant message with structured output, or on a model without prefill, is history and the model answers after it', async () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false };
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: '{"n":3}' }] });
    await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Count' }, { role: 'assistant', content: '{"n":' }],
      response_format: { type: 'json_schema', json_schema: { name: 'n', schema, strict: true } },
    });
    expect(upstream().messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'Continue.' }] });
    await client.chat.completions.create({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'Count' }, { role: 'assistant', content: 'One' }] });
    expect(upstream().messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'Continue.' }] });
  });

  it('system and developer parts stay separate blocks, and a content part’s cache_control reaches Anthropic', async () => {
    await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Rule one.' }, { type: 'text', text: 'Rule two.', cache_control: { type: 'ephemeral' } } as OpenAI.Chat.ChatCompletionContentPartText] },
        { role: 'user', content: [{ type: 'text', text: 'Long document', cache_control: { type: 'ephemeral', ttl: '1h' } } as OpenAI.Chat.ChatCompletionContentPartText] },
      ],
    });
    expect(upstream().system).toEqual([
      { type: 'text', text: 'Rule one.' },
      { type: 'text', text: 'Rule two.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(upstream().messages[0]!.content).toEqual([{ type: 'text', text: 'Long document', cache_control: { type: 'ephemeral', ttl: '1h' } }]);
  });

  it('tool-call ids that sanitise alike stay apart', async () => {
    const calls = ['call.1', 'call_1'].map((id) => ({ id, type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }));
    await client.chat.completions.create({
      model: MODEL,
      tools: [WEATHER_TOOL],
      messages: [
        { role: 'user', content: 'Weather twice' },
        { role: 'assistant', content: null, tool_calls: calls },
        { role: 'tool', tool_call_id: 'call.1', content: 'first' },
        { role: 'tool', tool_call_id: 'call_1', content: 'second' },
      ],
    });
    const uses = upstream().messages[1]!.content as AnthropicToolUseBlockParam[];
    const results = upstream().messages[2]!.content as AnthropicToolResultBlockParam[];
    expect(new Set(uses.map((block) => block.id)).size).toBe(2);
    expect(results.map((block) => [block.tool_use_id, block.content])).toEqual([
      [uses[0]!.id, 'first'],
      [uses[1]!.id, 'second'],
    ]);
  });

  it('tool input sent whole in content_block_start streams as the call’s arguments', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'get_weather', input: { city: 'Oslo' }, inputAtStart: true }] });
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: [WEATHER_TOOL], stream: true });
    let argumentsText = '';
    for await (const chunk of stream) for (const call of chunk.choices[0]?.delta.tool_calls ?? []) argumentsText += call.function?.arguments ?? '';
    expect(JSON.parse(argumentsText)).toEqual({ city: 'Oslo' });
  });

  it('a refusal fills message.refusal next to finish_reason content_filter', async () => {
    harness.simulator.enqueueReply({ content: [], stopReason: 'refusal', stopDetails: { type: 'refusal', category: 'cyber', explanation: 'This request was declined.' } });
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'bad' }] });
    expect(completion.choices[0]!.finish_reason).toBe('content_filter');
    expect(completion.choices[0]!.message.refusal).toBe('This request was declined.');
  });

  it('an upstream 401 says Anthropic rejected the gateway’s credentials, with its own code, not the client’s key', async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 401 });
    const failure = client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] });
    await expect(failure).rejects.toMatchObject({ status: 502, code: 'upstream_authentication_failed' });
    await expect(failure).rejects.toThrow(/rejected the gateway's credentials/);
  });

  it('a call without max_tokens gets the documented default, not the model maximum', async () => {
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(upstream().max_tokens).toBe(16384);
  });

  it('cache writes are billed at the cache-write price', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'cached' }], usage: { inputTokens: 1_000, outputTokens: 1_000, cacheCreationInputTokens: 100_000 } });
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'a long prompt' }] });
    const admin = adminClient(harness.gateway.url);
    let record: Body | undefined;
    await eventually(async () => {
      record = ((await admin.call('GET', '/usage')).body.records as Body[]).find((candidate) => candidate.promptTokens === 101_000);
      return record !== undefined;
    });
    // Sonnet 4.5: $3 input, $3.75 cache write, $15 output per million tokens (a prompt under 200k: no long-context prices).
    expect(record!.costUsd).toBeCloseTo(0.003 + 0.375 + 0.015, 6);
  });
});
