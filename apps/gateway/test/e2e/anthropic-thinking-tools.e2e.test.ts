import OpenAI from 'openai';
import type { ReasoningDetail } from '@modelgate/core';
import type { SentAnthropicRequest } from '@modelgate/provider-anthropic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startAnthropicTestGateway, type AnthropicTestGateway } from '../support/anthropic-test-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// Thinking and tool use together across turns through an OpenAI client: the gateway hands out
// Anthropic's thinking blocks as `reasoning_details` and takes them back, and the simulator only
// accepts thinking with the signatures it issued (issue 13).

type Message = OpenAI.Chat.ChatCompletionMessageParam;
const MODEL = 'claude-sonnet-4-5';
const tools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
];

/** What a streaming OpenRouter-style client keeps of `reasoning_details` deltas: entries merged by index. */
function mergeDetails(details: ReasoningDetail[]): ReasoningDetail[] {
  const merged = new Map<number, ReasoningDetail>();
  for (const detail of details) {
    const earlier = merged.get(detail.index ?? 0);
    if (earlier?.type === 'reasoning.text' && detail.type === 'reasoning.text') {
      merged.set(detail.index ?? 0, { ...earlier, text: earlier.text + detail.text, signature: detail.signature ?? earlier.signature });
    } else merged.set(detail.index ?? 0, detail);
  }
  return [...merged.values()];
}

describe('thinking with tools across turns through the openai client', () => {
  let harness: AnthropicTestGateway;
  let client: OpenAI;
  const upstream = (index: number): SentAnthropicRequest => harness.simulator.requests[index]!.body as SentAnthropicRequest;

  beforeAll(async () => {
    harness = await startAnthropicTestGateway();
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  it('keeps thinking on for three turns, and Anthropic gets its signed thinking back each time', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Oslo first.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] });
    harness.simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Now Bergen.' }, { type: 'redacted_thinking' }, { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Bergen' } }] });
    harness.simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Both known.' }, { type: 'text', text: 'Oslo 4C, Bergen 7C.' }] });
    const messages: Message[] = [{ role: 'user', content: 'Weather in Oslo, then Bergen?' }];
    const ask = () => client.chat.completions.create({ model: MODEL, messages, tools, reasoning_effort: 'medium' });

    const first = await ask();
    const firstMessage = first.choices[0]!.message as OpenAI.Chat.ChatCompletionMessage & { reasoning_details?: ReasoningDetail[] };
    expect(firstMessage.reasoning_details).toEqual([{ type: 'reasoning.text', text: 'Oslo first.', signature: expect.any(String), format: 'anthropic-claude-v1', index: 0 }]);
    messages.push(firstMessage, { role: 'tool', tool_call_id: 'toolu_1', content: '4C' });

    const second = await ask();
    messages.push(second.choices[0]!.message, { role: 'tool', tool_call_id: 'toolu_2', content: '7C' });

    const third = await ask();
    expect(third.choices[0]!.message.content).toBe('Oslo 4C, Bergen 7C.');
    expect(harness.simulator.requests).toHaveLength(3);
    for (const index of [0, 1, 2]) expect(upstream(index).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    const lastSent = upstream(2).messages;
    expect(lastSent[1]!.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect(lastSent[3]!.content.map((block) => block.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);
  });

  it('carries thinking through a streamed turn too, as reasoning_details deltas merged by index', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Call the tool for Oslo now.' }, { type: 'tool_use', id: 'toolu_s', name: 'get_weather', input: { city: 'Oslo' } }] });
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Oslo?' }], tools, reasoning_effort: 'low', stream: true });
    const details: ReasoningDetail[] = [];
    let argumentsText = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as (OpenAI.Chat.ChatCompletionChunk.Choice.Delta & { reasoning_details?: ReasoningDetail[] }) | undefined;
      details.push(...(delta?.reasoning_details ?? []));
      argumentsText += delta?.tool_calls?.[0]?.function?.arguments ?? '';
    }
    const reasoning_details = mergeDetails(details);
    expect(reasoning_details).toEqual([{ type: 'reasoning.text', text: 'Call the tool for Oslo now.', signature: expect.any(String), format: 'anthropic-claude-v1', index: 0 }]);

    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'It is 4C.' }] });
    const assistant = { role: 'assistant', content: null, reasoning_details, tool_calls: [{ id: 'toolu_s', type: 'function', function: { name: 'get_weather', arguments: argumentsText } }] } as Message;
    const answer = await client.chat.completions.create({
      model: MODEL,
      tools,
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: 'Oslo?' }, assistant, { role: 'tool', tool_call_id: 'toolu_s', content: '4C' }],
    });
    expect(answer.choices[0]!.message.content).toBe('It is 4C.');
    expect(upstream(1).thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
  });

  it('falls back to answering without thinking only when the client dropped the thinking of the tool turn in progress', async () => {
    // A tool exchange whose assistant message came back without its reasoning_details.
    const withoutThinking: Message[] = [
      { role: 'user', content: 'Oslo?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_x', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_x', content: '4C' },
    ];
    const ask = (messages: Message[]) => client.chat.completions.create({ model: MODEL, tools, reasoning_effort: 'medium', messages });
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'Fine.' }] });
    expect((await ask(withoutThinking)).choices[0]!.message.content).toBe('Fine.');
    expect(upstream(0).thinking).toEqual({ type: 'disabled' });

    // Once that exchange is finished, it does not switch thinking off.
    await ask([...withoutThinking, { role: 'assistant', content: 'It is 4C.' }, { role: 'user', content: 'And tomorrow?' }]);
    expect(upstream(1).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('switches a conversation another vendor reasoned in to Claude: details Claude did not mint never reach it, with or without a format', async () => {
    // Earlier turns answered by Gemini, DeepSeek and a bridged model, kept by a client that drops `format`.
    const foreign = [
      { type: 'reasoning.encrypted', data: 'mg-gemini-1:gemini-3.8-flash@0a1b2c3d:R2VtaW5pU2lnbmF0dXJl', index: 0 },
      { type: 'reasoning.text', text: 'DeepSeek thought.', signature: 'modelgate.1.ZGVlcHNlZWs', index: 1 },
      { type: 'reasoning.text', text: 'Gemini thought.', signature: 'mg-gemini-1:gemini-3.8-flash@0a1b2c3d:U2ln', format: 'google-gemini-v1', index: 2 },
    ] as ReasoningDetail[];
    const messages = [
      { role: 'user', content: 'Oslo?' },
      { role: 'assistant', content: 'It is 4C.', reasoning_details: foreign },
      { role: 'user', content: 'And Bergen?' },
    ] as Message[];
    harness.simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Bergen.' }, { type: 'text', text: 'It is 7C.' }] });
    const answer = await client.chat.completions.create({ model: MODEL, reasoning_effort: 'medium', messages });
    expect(answer.choices[0]!.message.content).toBe('It is 7C.');
    expect(upstream(0).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(upstream(0).messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'It is 4C.' }] });
  });
});
