import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import deepSeekPlugin from './index.js';
import { startDeepSeekSimulator, type DeepSeekSimulator } from './testing/index.js';

const KEY = 'sk-deepseek-pipeline';
const MODEL = 'deepseek-v4-pro';
const TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
const CALL = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };

// The provider on the pipeline's real request path (the conformance suite's host) in front of the
// strict DeepSeek simulator: what reached the simulator is what DeepSeek would have received.
describe('DeepSeek through the pipeline', () => {
  let simulator: DeepSeekSimulator;
  let gateway: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startDeepSeekSimulator({ apiKey: KEY });
    gateway = await startPipelineGateway({ provider: { plugin: deepSeekPlugin }, settings: { baseUrl: simulator.url, apiKey: KEY }, model: MODEL });
  });
  afterAll(async () => {
    await gateway?.close();
    await simulator?.close();
  });
  beforeEach(() => simulator.reset());

  const post = (body: Record<string, unknown>) =>
    fetch(`${gateway.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, ...body }),
    });
  const received = () => simulator.requests.at(-1)!.body as Record<string, unknown>;

  it('a second turn succeeds when the client dropped reasoning_content: the placeholder reached DeepSeek', async () => {
    const history = [{ role: 'user', content: 'Weather in Oslo?' }, { role: 'assistant', content: null, tool_calls: [CALL] }, { role: 'tool', tool_call_id: 'call_1', content: '4C' }];
    const response = await post({ messages: history, tools: [TOOL] });
    expect(response.status).toBe(200);
    expect((received().messages as unknown[])[1]).toEqual({ role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: '(The reasoning of this step was not kept.)' });
  });

  it('a second turn carries the reasoning the client kept as reasoning_details', async () => {
    const assistant = { role: 'assistant', content: null, tool_calls: [CALL], reasoning_details: [{ type: 'reasoning.text', text: 'Look it up.' }] };
    const response = await post({ messages: [{ role: 'user', content: 'Weather?' }, assistant, { role: 'tool', tool_call_id: 'call_1', content: '4C' }], tools: [TOOL] });
    expect(response.status).toBe(200);
    expect((received().messages as unknown[])[1]).toEqual({ role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: 'Look it up.' });
  });

  it('relays reasoning_content deltas past keep-alive comments, and counts the cache hits as cached_tokens', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Cold.', reasoning: 'Check the weather.', keepAlives: { count: 3, intervalMs: 20 }, usage: { promptTokens: 50, cachedTokens: 40 } });
    const response = await post({ messages: [{ role: 'user', content: 'Weather?' }], stream: true, stream_options: { include_usage: true } });
    const text = await response.text();
    expect(text).not.toContain('keep-alive');
    const events = new SseParser().push(text);
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.reasoning_content ?? '').join('')).toBe('Check the weather.');
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Cold.');
    expect(chunks.at(-1).usage).toMatchObject({ prompt_tokens: 50, prompt_cache_hit_tokens: 40, prompt_tokens_details: { cached_tokens: 40 } });
  });

  it('answers a JSON body that came after blank lines, with reasoning_content', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Cold.', reasoning: 'Check.', keepAlives: { count: 2, intervalMs: 20 } });
    const body = (await (await post({ messages: [{ role: 'user', content: 'Weather?' }] })).json()) as { choices: Array<{ message: unknown }> };
    expect(body.choices[0]!.message).toEqual({ role: 'assistant', content: 'Cold.', reasoning_content: 'Check.' });
  });

  it('sends a forced tool call without thinking, and json_schema as json_object: DeepSeek takes both', async () => {
    simulator.enqueueReply({ kind: 'tool_calls', calls: [{ id: 'call_2', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const forced = await post({ messages: [{ role: 'user', content: 'Weather?' }], tools: [TOOL], tool_choice: 'required' });
    expect(forced.status).toBe(200);
    expect(received()).toMatchObject({ thinking: { type: 'disabled' }, tool_choice: 'required' });

    const schema = { name: 'weather', schema: { type: 'object' } };
    const json = await post({ messages: [{ role: 'user', content: 'Weather?' }], response_format: { type: 'json_schema', json_schema: schema } });
    expect(json.status).toBe(200);
    expect(received().response_format).toEqual({ type: 'json_object' });
  });

  it('sends a developer message as system, and array content of system, developer, tool and assistant messages as strings (issue 28 item 9, issue 29.3)', async () => {
    const text = (value: string) => ({ type: 'text', text: value });
    const response = await post({
      messages: [
        { role: 'system', content: [text('You are Claude Code.'), text('Env info')] },
        { role: 'developer', content: 'Be terse.' },
        { role: 'user', content: [text('Weather in Oslo?')] },
        { role: 'assistant', content: [text('Let me check.')], tool_calls: [CALL], reasoning_content: 'Look it up.' },
        { role: 'tool', tool_call_id: 'call_1', content: [text('4C'), text('windy')] },
      ],
      tools: [TOOL],
    });
    expect(response.status).toBe(200);
    expect(received().messages).toEqual([
      { role: 'system', content: 'You are Claude Code.\n\nEnv info' },
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: [text('Weather in Oslo?')] },
      { role: 'assistant', content: 'Let me check.', tool_calls: [CALL], reasoning_content: 'Look it up.' },
      { role: 'tool', tool_call_id: 'call_1', content: '4C\n\nwindy' },
    ]);
  });

  it('bridges an Anthropic Messages tool_result and system blocks as strings DeepSeek takes (issue 29.3)', async () => {
    const response = await fetch(`${gateway.baseUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: MODEL,
        max_tokens: 100,
        system: [{ type: 'text', text: 'You are Claude Code.' }, { type: 'text', text: 'Env info' }],
        tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
        messages: [
          { role: 'user', content: 'Weather in Oslo?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '4C' }, { type: 'text', text: 'windy' }] }] },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const messages = received().messages as Array<{ role: string; content: unknown }>;
    expect(messages.filter((message) => message.role !== 'user').map((message) => typeof message.content === 'string' || message.content === null)).not.toContain(false);
    expect(messages.find((message) => message.role === 'tool')!.content).toBe('4C\n\nwindy');
    expect(messages[0]).toEqual({ role: 'system', content: expect.stringContaining('You are Claude Code.') });
  });

  it('passes temperature and penalties while thinking without a 400, dropping what DeepSeek ignores (issue 28 item 10)', async () => {
    const response = await post({ messages: [{ role: 'user', content: 'hi' }], temperature: 0.7, presence_penalty: 0.5, top_p: 0.97 });
    expect(response.status).toBe(200);
    expect(received()).toMatchObject({ thinking: { type: 'enabled' }, top_p: 0.97 });
    expect(received()).not.toHaveProperty('temperature');
    expect(received()).not.toHaveProperty('presence_penalty');
  });

  it('thinks at low for reasoning_effort minimal, as DeepSeek maps it (issue 28 item 11)', async () => {
    expect((await post({ messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'minimal' })).status).toBe(200);
    expect(received()).toMatchObject({ thinking: { type: 'enabled' }, reasoning_effort: 'low' });
  });

  it('sends strict tools to the standard base URL as they are (DeepSeek ignores strict there; the gateway warns) (issue 28 item 12)', async () => {
    const strict = { ...TOOL, function: { ...TOOL.function, strict: true } };
    expect((await post({ messages: [{ role: 'user', content: 'hi' }], tools: [strict] })).status).toBe(200);
    expect(received().tools).toEqual([strict]);
  });

  it('turns 402 Insufficient Balance into insufficient_quota', async () => {
    simulator.enqueueFault({ type: 'status', status: 402 });
    const response = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: { message: 'Insufficient Balance: the DeepSeek account behind this gateway is out of credit.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
    });
  });

  it('ends a stream DeepSeek cut short for lack of resources with an error event, after the text sent so far', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'Partial answer', finishReason: 'insufficient_system_resource' });
    const text = await (await post({ messages: [{ role: 'user', content: 'q' }], stream: true })).text();
    const events = new SseParser().push(text);
    expect(events.at(-1)!.data).not.toBe('[DONE]');
    expect(JSON.parse(events.at(-1)!.data).error).toMatchObject({ code: 'insufficient_system_resource', type: 'server_error' });
    expect(events.slice(0, -1).map((event) => JSON.parse(event.data).choices[0]?.delta.content ?? '').join('')).toBe('Partial answer');
  });
});
