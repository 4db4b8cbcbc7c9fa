import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startTestGateway, TEST_SERVICE_KEY, UPSTREAM_KEY, type TestGateway } from '../support/test-gateway.js';

// The official openai npm client on /v1/responses and /v1/responses/compact, through the gateway,
// against the OpenAI simulator.
describe('openai client: Responses API through the gateway', () => {
  let harness: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    harness = await startTestGateway();
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  beforeEach(() => harness.simulator.reset());
  afterAll(() => harness.close());

  it('creates a response and relays every field, item type and tool type untouched', async () => {
    // The reasoning blob sent back is one the simulator (one OpenAI organisation) minted: it reads no other.
    harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'reasoning', summary: 'x', encryptedContent: 'gAAAA-opaque' }] });
    const minted = await fetch(`${harness.simulator.url}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${UPSTREAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', input: 'think', include: ['reasoning.encrypted_content'] }),
    });
    expect(minted.status).toBe(200);
    harness.simulator.reset();
    const input = [
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Be brief.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello responses' }] },
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA-opaque' },
      { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{"command":["ls"]}', id: 'fc_1', status: 'completed', internal_chat_message_metadata_passthrough: { turn: 3 } },
      { type: 'function_call_output', call_id: 'call_1', output: 'README.md' },
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'modelgate', sources: [{ type: 'url', url: 'https://example.com' }] } },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello responses' }] },
    ];
    const body = {
      model: 'gpt-test',
      input,
      tools: [
        { type: 'function', name: 'shell', parameters: { type: 'object', properties: {} }, strict: false },
        { type: 'namespace', name: 'mcp', tools: [{ type: 'function', name: 'inner' }] },
        { type: 'web_search' },
      ],
      include: ['reasoning.encrypted_content'],
      store: false,
      prompt_cache_key: 'conversation-1',
      client_metadata: { origin: 'test' },
      text: { verbosity: 'low' },
      reasoning: { effort: 'low', summary: 'auto' },
      future_parameter: { enabled: true },
    };
    const response = await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming);

    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Echo: hello responses');
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
    const received = harness.simulator.requests;
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v1/responses');
    expect(received[0]!.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(received[0]!.body).toEqual({ ...body, model: 'gpt-4.1-mini' });
  });

  it("sends an item type it does not know to OpenAI as it came, and relays OpenAI's refusal of it", async () => {
    const input = [{ role: 'user', content: 'hello' }, { type: 'future_item_type', payload: { anything: [1, 2, 3] } }];
    const failure = await client.responses.create({ model: 'gpt-test', input } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming).catch((error: unknown) => error);
    expect((harness.simulator.requests.at(-1)!.body as { input: unknown }).input).toEqual(input);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: expect.stringMatching(/^Invalid value: 'future_item_type'\. Supported values are: 'apply_patch_call', .*, and 'web_search_call'\.$/),
      type: 'invalid_request_error',
      param: 'input[1]',
      code: 'invalid_value',
    });
  });

  it('streams a response: every event in order with its sequence number, text and usage at the end', async () => {
    harness.simulator.enqueueResponsesReply({
      kind: 'completed',
      items: [
        { type: 'reasoning', summary: 'Think first.' },
        { type: 'message', text: 'Streaming through the gateway works.' },
      ],
    });
    const stream = await client.responses.create({ model: 'gpt-alias', input: 'stream please', stream: true, include: ['reasoning.encrypted_content'] });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);

    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events[0]!.type).toBe('response.created');
    const completed = events.at(-1)! as OpenAI.Responses.ResponseCompletedEvent;
    expect(completed.type).toBe('response.completed');
    const text = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    expect(text).toBe('Streaming through the gateway works.');
    expect(completed.response.output[0]).toMatchObject({ type: 'reasoning', encrypted_content: expect.any(String) });
    expect(harness.simulator.requests[0]!.body).toMatchObject({ model: 'gpt-4.1-mini', stream: true });
  });

  it('accumulates a stream with the SDK helper (stream + finalResponse)', async () => {
    const stream = client.responses.stream({ model: 'gpt-test', input: 'helper' });
    const final = await stream.finalResponse();
    expect(final.output_text).toBe('Echo: helper');
  });

  it('completes a function-call round trip', async () => {
    harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'function_call', name: 'get_weather', arguments: '{"city":"Oslo"}', callId: 'call_w1' }] });
    harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'It is 5 °C in Oslo.' }] });
    const tools: OpenAI.Responses.Tool[] = [
      { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false },
    ];
    const first = await client.responses.create({ model: 'gpt-test', input: 'Weather in Oslo?', tools, store: false });
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_w1', name: 'get_weather', arguments: '{"city":"Oslo"}' });

    const second = await client.responses.create({
      model: 'gpt-test',
      tools,
      store: false,
      input: [{ role: 'user', content: 'Weather in Oslo?' }, call, { type: 'function_call_output', call_id: call.call_id, output: '5 °C' }],
    });
    expect(second.output_text).toBe('It is 5 °C in Oslo.');
    const relayed = harness.simulator.requests[1]!.body as { input: Array<Record<string, unknown>> };
    expect(relayed.input[1]).toEqual(JSON.parse(JSON.stringify(call)));
    expect(relayed.input[2]).toEqual({ type: 'function_call_output', call_id: 'call_w1', output: '5 °C' });
  });

  it('compacts with responses.compact and sends the compaction item back on the next turn', async () => {
    const compacted = await client.responses.compact({
      model: 'gpt-test',
      input: [
        { role: 'user', content: 'Refactor the parser.' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] } as unknown as OpenAI.Responses.ResponseInputItem,
      ],
    });
    expect(compacted.object).toBe('response.compaction');
    const compaction = compacted.output.at(-1)!;
    expect(compaction).toMatchObject({ type: 'compaction', encrypted_content: expect.any(String) });
    expect(harness.simulator.requests[0]).toMatchObject({ path: '/v1/responses/compact', body: { model: 'gpt-4.1-mini' } });

    const next = await client.responses.create({
      model: 'gpt-test',
      input: [...(compacted.output as OpenAI.Responses.ResponseInputItem[]), { role: 'user', content: 'Continue.' }],
    });
    expect(next.output_text).toBe('Echo: Continue.');
    expect((harness.simulator.requests[1]!.body as { input: unknown[] }).input).toContainEqual(compaction);
  });

  it('relays the in-band compaction_trigger and its single compaction item', async () => {
    const stream = await client.responses.create({
      model: 'gpt-test',
      stream: true,
      input: [{ role: 'user', content: 'long history' }, { type: 'compaction_trigger' } as unknown as OpenAI.Responses.ResponseInputItem],
    });
    const done: unknown[] = [];
    for await (const event of stream) if (event.type === 'response.output_item.done') done.push(event.item);
    expect(done).toEqual([{ id: expect.stringMatching(/^cmp_/), type: 'compaction', encrypted_content: expect.any(String) }]);
    expect((harness.simulator.requests[0]!.body as { input: unknown[] }).input.at(-1)).toEqual({ type: 'compaction_trigger' });
  });

  it('raises a mid-stream upstream failure in the SDK as an error', async () => {
    harness.simulator.enqueueFault({ type: 'reset-mid-stream', afterChunks: 4 });
    const stream = await client.responses.create({ model: 'gpt-test', input: 'break', stream: true });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) seen.push(event.type);
      })(),
    ).rejects.toThrow(/broke while its answer was arriving/);
    expect(seen).toHaveLength(4);
  });

  it('relays response.failed and the upstream error status', async () => {
    harness.simulator.enqueueResponsesReply({ kind: 'failed', code: 'insufficient_quota', message: 'You exceeded your current quota.' });
    const stream = await client.responses.create({ model: 'gpt-test', input: 'x', stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { code: 'insufficient_quota' } } });

    harness.simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 2 });
    const failure = await client.responses.create({ model: 'gpt-test', input: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    expect((failure as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('2');
  });
});
