import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChatCompletionChunk } from '@modelgate/core';
import { readSseEvents } from '@modelgate/testkit';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';

interface StreamResult {
  response: Response;
  payloads: string[];
  chunks: ChatCompletionChunk[];
}

async function stream(simulator: OpenAiChatSimulator, body: Record<string, unknown>): Promise<StreamResult> {
  const response = await fetch(`${simulator.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1', stream: true, ...body }),
  });
  const events = await readSseEvents(response);
  // Data-only framing: no event names anywhere.
  expect(events.every((event) => event.event === undefined)).toBe(true);
  const payloads = events.map((event) => event.data);
  expect(payloads.at(-1)).toBe('[DONE]');
  expect(payloads.filter((payload) => payload === '[DONE]')).toHaveLength(1);
  const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as ChatCompletionChunk);
  return { response, payloads, chunks };
}

function finishChunks(chunks: ChatCompletionChunk[]): ChatCompletionChunk[] {
  return chunks.filter((chunk) => chunk.choices.some((choice) => choice.finish_reason !== null));
}

function contentOf(chunks: ChatCompletionChunk[], choiceIndex = 0): string {
  return chunks
    .flatMap((chunk) => chunk.choices)
    .filter((choice) => choice.index === choiceIndex)
    .map((choice) => choice.delta.content ?? '')
    .join('');
}

describe('OpenAI simulator: streaming chat completions', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  it('streams text as data-only SSE: role chunk, several deltas, one finish chunk, [DONE], no usage key', async () => {
    const { response, chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'stream this sentence please' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');

    const first = chunks[0]!;
    expect(Object.keys(first)).toEqual(['id', 'object', 'created', 'model', 'system_fingerprint', 'choices']);
    expect(first.choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
    expect(first.id).toMatch(/^chatcmpl-/);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id: first.id, object: 'chat.completion.chunk', created: first.created, model: 'gpt-4.1' });
      expect('usage' in chunk).toBe(false);
      expect(chunk.choices).toHaveLength(1);
    }

    const textChunks = chunks.slice(1, -1);
    expect(textChunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of textChunks) expect(Object.keys(chunk.choices[0]!.delta)).toEqual(['content']);
    expect(contentOf(chunks)).toBe('Echo: stream this sentence please');

    expect(finishChunks(chunks)).toHaveLength(1);
    expect(chunks.at(-1)!.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
  });

  it('with include_usage: usage null on every chunk, then one chunk with no choices and the totals', async () => {
    const { chunks } = await stream(simulator, {
      messages: [{ role: 'user', content: 'count me' }],
      stream_options: { include_usage: true },
    });
    const usageChunk = chunks.at(-1)!;
    const normal = chunks.slice(0, -1);
    for (const chunk of normal) expect(chunk.usage).toBeNull();
    expect(normal.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(finishChunks(chunks)).toHaveLength(1);
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.id).toBe(chunks[0]!.id);
    expect(usageChunk.usage).toEqual({
      prompt_tokens: Math.ceil('count me'.length / 4) + 3,
      completion_tokens: Math.ceil('Echo: count me'.length / 4),
      total_tokens: Math.ceil('count me'.length / 4) + 3 + Math.ceil('Echo: count me'.length / 4),
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    });
  });

  it('with include_usage false: no usage key at all', async () => {
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: false } });
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
    expect(chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
  });

  it('streams tool calls: the role on the first header, then argument fragments that reassemble', async () => {
    simulator.enqueueReply({
      kind: 'tool_calls',
      calls: [
        { id: 'call_X', name: 'get_weather', arguments: '{"city":"Oslo","unit":"celsius"}' },
        { name: 'get_time', arguments: '{"tz":"CET"}' },
      ],
    });
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'weather and time' }] });
    const deltas = chunks.map((chunk) => chunk.choices[0]!.delta);

    expect(deltas[0]).toEqual({
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [{ index: 0, id: 'call_X', type: 'function', function: { name: 'get_weather', arguments: '' } }],
    });
    const toolDeltas = deltas.flatMap((delta) => delta.tool_calls ?? []);
    const headers = toolDeltas.filter((delta) => delta.id !== undefined);
    expect(headers.map((header) => [header.index, header.function?.name, header.function?.arguments])).toEqual([
      [0, 'get_weather', ''],
      [1, 'get_time', ''],
    ]);
    expect(headers[1]!.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    const fragments = toolDeltas.filter((delta) => delta.id === undefined);
    for (const fragment of fragments) expect(Object.keys(fragment).sort()).toEqual(['function', 'index']);
    expect(fragments.filter((fragment) => fragment.index === 0).length).toBeGreaterThan(1);
    const assembled = [0, 1].map((index) =>
      fragments
        .filter((fragment) => fragment.index === index)
        .map((fragment) => fragment.function!.arguments)
        .join(''),
    );
    expect(assembled).toEqual(['{"city":"Oslo","unit":"celsius"}', '{"tz":"CET"}']);
    // Sequential calls: every fragment of call 0 comes before the header of call 1.
    expect(toolDeltas.findIndex((delta) => delta.index === 1)).toBeGreaterThan(toolDeltas.findLastIndex((delta) => delta.index === 0));

    expect(finishChunks(chunks)).toHaveLength(1);
    expect(chunks.at(-1)!.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' });
  });

  it('interleaves the argument fragments of parallel calls when asked', async () => {
    simulator.enqueueReply({
      kind: 'tool_calls',
      interleaveArguments: true,
      calls: [
        { id: 'call_a', name: 'first', arguments: '{"value":"aaaaaaaaaaaa"}' },
        { id: 'call_b', name: 'second', arguments: '{"value":"bbbbbbbbbbbb"}' },
      ],
    });
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'go' }] });
    const toolDeltas = chunks.flatMap((chunk) => chunk.choices[0]!.delta.tool_calls ?? []);
    expect(toolDeltas.slice(0, 2).map((delta) => delta.id)).toEqual(['call_a', 'call_b']);
    const fragmentOrder = toolDeltas.slice(2).map((delta) => delta.index);
    expect(fragmentOrder.slice(0, 4)).toEqual([0, 1, 0, 1]);
    const assembled = (index: number) =>
      toolDeltas
        .filter((delta) => delta.index === index)
        .map((delta) => delta.function?.arguments ?? '')
        .join('');
    expect(assembled(0)).toBe('{"value":"aaaaaaaaaaaa"}');
    expect(assembled(1)).toBe('{"value":"bbbbbbbbbbbb"}');
  });

  it('streams text before tool calls when the reply has both', async () => {
    simulator.enqueueReply({ kind: 'tool_calls', text: 'Let me check.', calls: [{ id: 'call_1', name: 'lookup', arguments: '{}' }] });
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'go' }] });
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '', refusal: null });
    expect(contentOf(chunks)).toBe('Let me check.');
    const firstToolChunk = chunks.findIndex((chunk) => chunk.choices[0]!.delta.tool_calls !== undefined);
    const lastTextChunk = chunks.findLastIndex((chunk) => typeof chunk.choices[0]!.delta.content === 'string');
    expect(firstToolChunk).toBeGreaterThan(lastTextChunk);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('streams a refusal in refusal deltas with null content', async () => {
    simulator.enqueueReply({ kind: 'refusal', text: "I can't help with that request." });
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'bad' }] });
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: null, refusal: '' });
    const refusal = chunks.map((chunk) => chunk.choices[0]!.delta.refusal ?? '').join('');
    expect(refusal).toBe("I can't help with that request.");
    expect(chunks.some((chunk) => typeof chunk.choices[0]!.delta.content === 'string')).toBe(false);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('streams a scripted finish_reason length', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'This answer was cut', finishReason: 'length' });
    const { chunks } = await stream(simulator, { messages: [{ role: 'user', content: 'long' }] });
    expect(contentOf(chunks)).toBe('This answer was cut');
    expect(finishChunks(chunks).map((chunk) => chunk.choices[0]!.finish_reason)).toEqual(['length']);
  });

  it('with n = 2: one role chunk and one finish chunk per choice, interleaved, one usage chunk', async () => {
    const { chunks } = await stream(simulator, { n: 2, messages: [{ role: 'user', content: 'two answers' }], stream_options: { include_usage: true } });
    const choiceChunks = chunks.filter((chunk) => chunk.choices.length > 0);
    for (const chunk of choiceChunks) expect(chunk.choices).toHaveLength(1);
    for (const index of [0, 1]) {
      const own = choiceChunks.filter((chunk) => chunk.choices[0]!.index === index);
      expect(own.filter((chunk) => chunk.choices[0]!.delta.role === 'assistant')).toHaveLength(1);
      expect(own[0]!.choices[0]!.delta.role).toBe('assistant');
      expect(own.filter((chunk) => chunk.choices[0]!.finish_reason !== null)).toHaveLength(1);
      expect(own.at(-1)!.choices[0]!.finish_reason).toBe('stop');
      expect(contentOf(chunks, index)).toBe('Echo: two answers');
    }
    expect(choiceChunks.slice(0, 2).map((chunk) => chunk.choices[0]!.index)).toEqual([0, 1]);
    const usageChunks = chunks.filter((chunk) => chunk.choices.length === 0);
    expect(usageChunks).toHaveLength(1);
    expect(chunks.at(-1)).toBe(usageChunks[0]);
    expect(usageChunks[0]!.usage!.completion_tokens).toBe(2 * Math.ceil('Echo: two answers'.length / 4));
  });

  it('writes chunks one at a time rather than in a single buffer', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'one two three four five six seven eight nine ten eleven twelve' });
    const response = await fetch(`${simulator.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    let reads = 0;
    for await (const _bytes of response.body!) reads++;
    expect(reads).toBeGreaterThan(1);
  });
});
