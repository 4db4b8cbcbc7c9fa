import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, TEST_SERVICE_KEY, UPSTREAM_KEY, type TestGateway } from '../support/test-gateway.js';

// The official openai npm client, pointed at the gateway, against the OpenAI simulator.
describe('openai client through the gateway (OpenAI family)', () => {
  let harness: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    harness = await startTestGateway();
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());

  it('completes a chat and sends the upstream model, the upstream key and unknown fields', async () => {
    const before = harness.simulator.requests.length;
    const completion = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hello gateway' }],
      // A field the gateway does not know must still reach OpenAI untouched.
      future_parameter: { enabled: true },
    } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);

    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toBe('Echo: hello gateway');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);

    const received = harness.simulator.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v1/chat/completions');
    expect(received[0]!.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(received[0]!.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hello gateway' }],
      future_parameter: { enabled: true },
    });
  });

  it('streams a chat with include_usage: role first, text deltas, one finish, usage chunk last', async () => {
    const before = harness.simulator.requests.length;
    const stream = await client.chat.completions.create({
      model: 'gpt-alias',
      messages: [{ role: 'user', content: 'stream this please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Echo: stream this please');
    expect(chunks.filter((chunk) => chunk.choices[0]?.finish_reason).map((chunk) => chunk.choices[0]!.finish_reason)).toEqual(['stop']);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBeGreaterThan(0);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);

    const received = harness.simulator.requests.slice(before);
    expect(received[0]!.body).toMatchObject({ model: 'gpt-4.1-mini', stream: true, stream_options: { include_usage: true } });
  });

  it('relays a tool call and the tool-result round trip', async () => {
    harness.simulator.enqueueReply({ kind: 'tool_calls', calls: [{ id: 'call_weather_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const tools: OpenAI.Chat.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
    ];
    const first = await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'Weather in Oslo?' }], tools });
    const call = first.choices[0]!.message.tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });

    const second = await client.chat.completions.create({
      model: 'gpt-test',
      tools,
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: call.id, content: '{"temp_c":4}' },
      ],
    });
    expect(second.choices[0]!.finish_reason).toBe('stop');
    const lastRequest = harness.simulator.requests.at(-1)!.body as { messages: Array<{ role: string; tool_call_id?: string }> };
    expect(lastRequest.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_weather_1', content: '{"temp_c":4}' });
  });

  it('lists and retrieves models', async () => {
    const page = await client.models.list();
    const ids = page.data.map((model) => model.id);
    expect(ids).toContain('gpt-test');
    expect(page.data.find((model) => model.id === 'gpt-test')).toMatchObject({ object: 'model', owned_by: 'openai' });
    const model = await client.models.retrieve('gpt-test');
    expect(model).toMatchObject({ id: 'gpt-test', object: 'model', owned_by: 'openai' });
    expect(Number.isInteger(model.created)).toBe(true);
  });

  it('raises the SDK error classes from the envelope: unknown model and bad key', async () => {
    await expect(client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
      param: 'model',
    });
    const stranger = new OpenAI({ baseURL: harness.baseUrl, apiKey: 'mg-wrong-key', maxRetries: 0 });
    await expect(stranger.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('raises a stream that fails mid-way as an error in the client', async () => {
    harness.simulator.enqueueFault({ type: 'reset-mid-stream', afterChunks: 2 });
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'a longer message that becomes many chunks' }],
      stream: true,
    });
    const consume = async () => {
      for await (const _chunk of stream) {
        // drain
      }
    };
    await expect(consume()).rejects.toThrow(/broke while its answer was arriving/);
  });
});
