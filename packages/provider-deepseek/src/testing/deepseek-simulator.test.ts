import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SseParser } from '@modelgate/core';
import { startDeepSeekSimulator, type DeepSeekSimulator } from './index.js';

const KEY = 'sk-deepseek-test';
const TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } };
const CALL = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };
const TOOL_LOOP = [
  { role: 'user', content: 'Weather in Oslo?' },
  { role: 'assistant', content: null, tool_calls: [CALL] },
  { role: 'tool', tool_call_id: 'call_1', content: '4C' },
];

describe('DeepSeek simulator', () => {
  let simulator: DeepSeekSimulator;
  beforeAll(async () => {
    simulator = await startDeepSeekSimulator({ apiKey: KEY });
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  const post = (body: Record<string, unknown>, path = '/v1/chat/completions') =>
    fetch(`${simulator.origin}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const refusal = async (body: Record<string, unknown>) => {
    const response = await post({ model: 'deepseek-v4-pro', ...body });
    return { status: response.status, body: await response.json() };
  };
  const invalid = (message: string) => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code: 'invalid_request_error' } } });

  it('reads a repeated prefix from its disk cache in 64-token units, as prompt_cache_hit_tokens', async () => {
    const system = { role: 'system', content: 'You answer in one short sentence. '.repeat(20) };
    const usage = async (question: string) => ((await (await post({ model: 'deepseek-v4-pro', messages: [system, { role: 'user', content: question }] })).json()) as { usage: Record<string, number> }).usage;
    expect((await usage('first')).prompt_cache_hit_tokens).toBe(0);
    const second = await usage('second');
    const systemTokens = Math.ceil(system.content.length / 4) + 3;
    expect(second.prompt_cache_hit_tokens).toBe(Math.floor(systemTokens / 64) * 64);
    expect(second.prompt_cache_hit_tokens! + second.prompt_cache_miss_tokens!).toBe(second.prompt_tokens);
  });

  it('answers with reasoning_content next to content, and DeepSeek’s usage fields', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Hi.', reasoning: 'Say hi.', usage: { promptTokens: 40, cachedTokens: 32, reasoningTokens: 3, completionTokens: 5 } });
    const response = await post({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'hello' }] }, '/chat/completions');
    const body = (await response.json()) as { choices: Array<{ message: unknown; finish_reason: string }>; usage: unknown };
    expect(body.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hi.', reasoning_content: 'Say hi.' }, finish_reason: 'stop' });
    expect(body.usage).toEqual({
      prompt_tokens: 40,
      completion_tokens: 5,
      total_tokens: 45,
      prompt_cache_hit_tokens: 32,
      prompt_cache_miss_tokens: 8,
      completion_tokens_details: { reasoning_tokens: 3 },
    });
  });

  it('streams the reasoning first, then the content; without thinking there is none', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'The answer.', reasoning: 'Think first.' });
    const thinking = await post({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'q' }], stream: true });
    const deltas = new SseParser().push(await thinking.text()).slice(0, -1).map((event) => JSON.parse(event.data).choices[0].delta);
    const reasoningEnds = deltas.findLastIndex((delta) => typeof delta.reasoning_content === 'string');
    const contentStarts = deltas.findIndex((delta) => typeof delta.content === 'string' && delta.content.length > 0);
    expect(deltas.map((delta) => delta.reasoning_content ?? '').join('')).toBe('Think first.');
    expect(deltas.map((delta) => delta.content ?? '').join('')).toBe('The answer.');
    expect(reasoningEnds).toBeLessThan(contentStarts);

    const plain = (await (await post({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'q' }], thinking: { type: 'disabled' } })).json()) as { choices: Array<{ message: unknown }> };
    expect(plain.choices[0]!.message).not.toHaveProperty('reasoning_content');
  });

  it('refuses a tool loop sent back without its reasoning_content, in DeepSeek’s words, unless thinking is off', async () => {
    const dropped = invalid('The `reasoning_content` in the thinking mode must be passed back to the API.');
    expect(await refusal({ messages: TOOL_LOOP, tools: [TOOL] })).toEqual(dropped);
    const answered = [...TOOL_LOOP, { role: 'assistant', content: 'It is 4C.' }, { role: 'user', content: 'Thanks' }];
    const firstKept = answered.map((message, index) => (index === 1 ? { ...message, reasoning_content: 'Look it up.' } : message));
    // The answer after the tool result belongs to the same loop and needs its reasoning too.
    expect(await refusal({ messages: firstKept, tools: [TOOL] })).toEqual(dropped);
    const empty = TOOL_LOOP.map((message, index) => (index === 1 ? { ...message, reasoning_content: '' } : message));
    expect(await refusal({ messages: empty, tools: [TOOL] })).toEqual(dropped);

    const kept = TOOL_LOOP.map((message, index) => (index === 1 ? { ...message, reasoning_content: 'Look it up.' } : message));
    expect((await refusal({ messages: kept, tools: [TOOL] })).status).toBe(200);
    expect((await refusal({ messages: TOOL_LOOP, tools: [TOOL], thinking: { type: 'disabled' } })).status).toBe(200);
  });

  it('refuses json_schema, json_object without "json" in the prompt, and a forced tool choice or logprobs while thinking', async () => {
    const ask = [{ role: 'user', content: 'Weather as JSON' }];
    expect(await refusal({ messages: ask, response_format: { type: 'json_schema', json_schema: { name: 'w', schema: {} } } })).toEqual(
      invalid('This response_format type is unavailable now'),
    );
    expect((await refusal({ messages: [{ role: 'user', content: 'Weather?' }], response_format: { type: 'json_object' } })).status).toBe(400);
    expect((await refusal({ messages: ask, response_format: { type: 'json_object' } })).status).toBe(200);

    const forced = { messages: ask, tools: [TOOL], tool_choice: 'required' };
    expect(await refusal(forced)).toEqual(invalid('Thinking mode does not support this tool_choice'));
    expect(await refusal({ ...forced, tool_choice: { type: 'function', function: { name: 'get_weather' } } })).toEqual(invalid('Thinking mode does not support this tool_choice'));
    expect((await refusal({ ...forced, tool_choice: 'auto' })).status).toBe(200);
    expect((await refusal({ ...forced, thinking: { type: 'disabled' } })).status).toBe(200);
    expect((await refusal({ messages: ask, logprobs: true })).status).toBe(400);
    expect((await refusal({ messages: ask, logprobs: true, thinking: { type: 'disabled' } })).status).toBe(200);
  });

  it('takes only DeepSeek’s own efforts and thinking switch, and no retired model', async () => {
    const ask = [{ role: 'user', content: 'hi' }];
    expect((await refusal({ messages: ask, reasoning_effort: 'medium' })).status).toBe(400);
    expect((await refusal({ messages: ask, reasoning_effort: 'max' })).status).toBe(200);
    expect((await refusal({ messages: ask, thinking: { type: 'auto' } })).status).toBe(400);
    expect(await refusal({ model: 'deepseek-reasoner', messages: ask })).toEqual(invalid('Model Not Exist'));
  });

  it('refuses the developer role and array content on system, tool and assistant messages, in DeepSeek’s deserializer words', async () => {
    const parts = [{ type: 'text', text: 'a' }];
    const prefix = 'Failed to deserialize the JSON body into the target type: ';
    expect(await refusal({ messages: [{ role: 'developer', content: 'Be terse.' }, { role: 'user', content: 'hi' }] })).toEqual(
      invalid(`${prefix}messages[0].role: unknown variant \`developer\`, expected one of \`system\`, \`user\`, \`assistant\`, \`tool\`, \`latest_reminder\``),
    );
    expect(await refusal({ messages: [{ role: 'system', content: parts }, { role: 'user', content: 'hi' }] })).toEqual(invalid(`${prefix}messages[0]: invalid type: sequence, expected a string`));
    const loop = TOOL_LOOP.map((message, index) => (index === 1 ? { ...message, reasoning_content: 'r' } : index === 2 ? { ...message, content: parts } : message));
    expect(await refusal({ messages: loop, tools: [TOOL] })).toEqual(invalid(`${prefix}messages[2]: invalid type: sequence, expected a string`));
    expect((await refusal({ messages: [{ role: 'user', content: parts }] })).status).toBe(200);
  });

  it('scripts keep-alive comments before a stream and blank lines before a JSON body', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Late.', keepAlives: { count: 2 } });
    const stream = await (await post({ model: 'deepseek-flash', messages: [{ role: 'user', content: 'q' }], stream: true })).text();
    expect(stream.startsWith(': keep-alive\n\n: keep-alive\n\ndata: ')).toBe(true);

    simulator.enqueueReply({ kind: 'text', text: 'Late.', keepAlives: { count: 3 } });
    const json = await (await post({ model: 'deepseek-flash', messages: [{ role: 'user', content: 'q' }] })).text();
    expect(json.startsWith('\n\n\n{')).toBe(true);
    expect(JSON.parse(json).choices[0].message.content).toBe('Late.');
  });

  it('answers a 429 fault as DeepSeek does: Rate Limit Reached and no rate-limit header, retry-after only when a wait is asked for', async () => {
    simulator.enqueueFault({ type: 'status', status: 429 });
    simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 2 });
    const bare = await post({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'hi' }] });
    expect([...bare.headers.keys()].filter((name) => name === 'retry-after' || name.includes('ratelimit'))).toEqual([]);
    expect(await bare.json()).toEqual({ error: { message: 'Rate Limit Reached', type: 'rate_limit_error', param: null, code: 'invalid_request_error' } });
    expect((await post({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'hi' }] })).headers.get('retry-after')).toBe('2');
  });

  it('answers a 402 fault with DeepSeek’s Insufficient Balance', async () => {
    simulator.enqueueFault({ type: 'status', status: 402 });
    expect(await refusal({ messages: [{ role: 'user', content: 'hi' }] })).toEqual({
      status: 402,
      body: { error: { message: 'Insufficient Balance', type: 'unknown_error', param: null, code: 'invalid_request_error' } },
    });
  });
});
