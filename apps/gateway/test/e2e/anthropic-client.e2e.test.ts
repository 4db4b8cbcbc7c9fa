import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ANTHROPIC_UPSTREAM_KEY, CLAUDE_TEST_MODEL as MODEL, startAnthropicTestGateway, WEATHER_TOOL, type AnthropicTestGateway } from '../support/anthropic-test-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// The official openai client, pointed at the gateway with a Claude model id, against the Anthropic simulator.
describe('openai client through the gateway (Anthropic family)', () => {
  let harness: AnthropicTestGateway;
  let client: OpenAI;
  const lastUpstream = () => harness.simulator.requests.at(-1)!;

  beforeAll(async () => {
    harness = await startAnthropicTestGateway();
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());

  it('completes a plain chat and sends a valid Messages request', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'hello claude' },
      ],
      temperature: 0.2,
      stop: ['</answer>'],
      user: 'u-123',
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toBe('Echo: hello claude');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);

    const received = lastUpstream();
    expect(received.path).toBe('/v1/messages');
    expect(received.headers['x-api-key']).toBe(ANTHROPIC_UPSTREAM_KEY);
    expect(received.headers['anthropic-version']).toBe('2023-06-01');
    expect(received.body).toEqual({
      model: MODEL,
      max_tokens: 16384,
      system: [{ type: 'text', text: 'Be terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello claude' }] }],
      temperature: 0.2,
      stop_sequences: ['</answer>'],
      metadata: { user_id: 'u-123' },
    });
  });

  it('streams a chat with include_usage: role first, text, one finish, usage chunk last', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'Streaming from Claude now' }], usage: { inputTokens: 10, outputTokens: 6, cacheReadInputTokens: 20 } });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'stream please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Streaming from Claude now');
    expect(chunks.flatMap((chunk) => (chunk.choices[0]?.finish_reason ? [chunk.choices[0].finish_reason] : []))).toEqual(['stop']);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 6, total_tokens: 36, prompt_tokens_details: { cached_tokens: 20 } });
    expect(lastUpstream().body).toMatchObject({ stream: true });
    expect(lastUpstream().body).not.toHaveProperty('stream_options');
  });

  it('streams two parallel tool calls after thinking and text, with stable indexes and reassembling arguments', async () => {
    harness.simulator.enqueueReply({
      content: [
        { type: 'thinking', thinking: 'Two cities, two calls.' },
        { type: 'text', text: 'Checking both.' },
        { type: 'tool_use', id: 'toolu_oslo', name: 'get_weather', input: { city: 'Oslo' } },
        { type: 'tool_use', id: 'toolu_bergen', name: 'get_weather', input: { city: 'Bergen', units: 'metric' } },
      ],
    });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Weather in Oslo and Bergen?' }],
      tools: [WEATHER_TOOL],
      stream: true,
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    const calls = new Map<number, { id?: string; name?: string; arguments: string }>();
    for (const delta of deltas) {
      const call = calls.get(delta.index) ?? { arguments: '' };
      if (delta.id) {
        expect(call.id).toBeUndefined();
        call.id = delta.id;
        call.name = delta.function?.name;
      }
      call.arguments += delta.function?.arguments ?? '';
      calls.set(delta.index, call);
    }
    expect([...calls.keys()]).toEqual([0, 1]);
    expect(calls.get(0)).toMatchObject({ id: 'toolu_oslo', name: 'get_weather' });
    expect(calls.get(1)).toMatchObject({ id: 'toolu_bergen', name: 'get_weather' });
    expect(JSON.parse(calls.get(0)!.arguments)).toEqual({ city: 'Oslo' });
    expect(JSON.parse(calls.get(1)!.arguments)).toEqual({ city: 'Bergen', units: 'metric' });
    const reasoning = chunks.map((chunk) => (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '').join('');
    expect(reasoning).toBe('Two cities, two calls.');
    expect(chunks.flatMap((chunk) => (chunk.choices[0]?.finish_reason ? [chunk.choices[0].finish_reason] : []))).toEqual(['tool_calls']);
    expect(lastUpstream().body).toMatchObject({
      tools: [{ name: 'get_weather', description: 'Current weather', input_schema: WEATHER_TOOL.function.parameters }],
    });
  });

  it('makes the tool-result round trip: tool_use out, tool_result in the next user turn', async () => {
    harness.simulator.enqueueReply({
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Oslo' } },
        { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Bergen' } },
      ],
    });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Oslo and Bergen?' }];
    const first = await client.chat.completions.create({ model: MODEL, messages, tools: [WEATHER_TOOL], tool_choice: 'required', parallel_tool_calls: false });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const toolCalls = first.choices[0]!.message.tool_calls! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall[];
    expect(toolCalls.map((call) => [call.id, call.function.arguments])).toEqual([
      ['toolu_a', '{"city":"Oslo"}'],
      ['toolu_b', '{"city":"Bergen"}'],
    ]);
    expect(lastUpstream().body).toMatchObject({ tool_choice: { type: 'any', disable_parallel_tool_use: true } });

    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'Oslo 4C, Bergen 7C.' }] });
    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [WEATHER_TOOL],
      messages: [
        ...messages,
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: 'toolu_a', content: '4C' },
        { role: 'tool', tool_call_id: 'toolu_b', content: '7C' },
        { role: 'user', content: 'Summarise.' },
      ],
    });
    expect(second.choices[0]!.message.content).toBe('Oslo 4C, Bergen 7C.');
    expect((lastUpstream().body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Bergen?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Bergen' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: '4C' },
          { type: 'tool_result', tool_use_id: 'toolu_b', content: '7C' },
          { type: 'text', text: 'Summarise.' },
        ],
      },
    ]);
  });

  it('sends image input from a data URL and an http URL', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}`, detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
          ],
        },
      ],
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: What is in these?');
    expect((lastUpstream().body as { messages: unknown[] }).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
        ],
      },
    ]);
  });

  it('answers a JSON-schema request through output_config.format', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, temp_c: { type: 'number' } }, required: ['city', 'temp_c'], additionalProperties: false };
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: '{"city":"Oslo","temp_c":4}' }] });
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Weather in Oslo as JSON' }],
      response_format: { type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ city: 'Oslo', temp_c: 4 });
    expect(lastUpstream().body).toMatchObject({ output_config: { format: { type: 'json_schema', schema } } });
  });

  it('rejects an unsupported parameter with a 400 naming it, before calling Anthropic', async () => {
    const before = harness.simulator.requests.length;
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }], n: 2 })).rejects.toMatchObject({
      status: 400,
      param: 'n',
      code: 'unsupported_parameter',
    });
    expect(harness.simulator.requests.length).toBe(before);
  });

  it('maps Anthropic errors: 529 overloaded, an error before any content as its status, and a mid-stream error event', async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 529 });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 503,
      code: 'overloaded',
      type: 'server_error',
    });
    // Right after message_start, before any content (how Anthropic reports overload): the answer has not started.
    harness.simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 1, message: 'Overloaded' });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }], stream: true })).rejects.toMatchObject({ status: 503, code: 'overloaded' });
    harness.simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 6, message: 'Overloaded' });
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'a few words to stream' }], stream: true });
    const consume = async () => {
      for await (const _chunk of stream) {
        // drain
      }
    };
    await expect(consume()).rejects.toThrow(/Overloaded/);
  });
});
