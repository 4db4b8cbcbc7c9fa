import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatCompletionResponse, ErrorEnvelope } from '@modelgate/core';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';

const user = { role: 'user', content: 'hi' };
const toolCall = (id: string, name = 'lookup') => ({ id, type: 'function', function: { name, arguments: '{}' } });
const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }];

interface InvalidCase {
  name: string;
  body: Record<string, unknown>;
  param: string | null;
  code: string | null;
  message: RegExp;
}

const INVALID_CASES: InvalidCase[] = [
  { name: 'missing model', body: { messages: [user] }, param: null, code: null, message: /must provide a model/ },
  { name: 'model not a string', body: { model: 42, messages: [user] }, param: 'model', code: 'invalid_type', message: /expected a string, but got an integer/ },
  { name: 'missing messages', body: { model: 'gpt-4.1' }, param: 'messages', code: 'missing_required_parameter', message: /'messages'/ },
  { name: 'messages not an array', body: { model: 'gpt-4.1', messages: 'hi' }, param: 'messages', code: 'invalid_type', message: /expected an array/ },
  { name: 'empty messages', body: { model: 'gpt-4.1', messages: [] }, param: 'messages', code: 'empty_array', message: /empty array/ },
  {
    name: 'unknown role',
    body: { model: 'gpt-4.1', messages: [{ role: 'robot', content: 'x' }] },
    param: 'messages[0].role',
    code: 'invalid_value',
    message: /^Invalid value: 'robot'\. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'\.$/,
  },
  { name: 'user without content', body: { model: 'gpt-4.1', messages: [{ role: 'user' }] }, param: 'messages[0].content', code: 'missing_required_parameter', message: /content/ },
  {
    name: 'unknown content part type',
    body: { model: 'gpt-4.1', messages: [{ role: 'user', content: [{ type: 'video', video: {} }] }] },
    param: 'messages[0].content[0].type',
    code: 'invalid_value',
    message: /'video'/,
  },
  {
    name: 'assistant with neither content nor tool calls',
    body: { model: 'gpt-4.1', messages: [user, { role: 'assistant', content: null }, user] },
    param: 'messages[1].content',
    code: 'invalid_type',
    message: /expected a string, but got null/,
  },
  {
    name: 'tool call arguments as an object',
    body: {
      model: 'gpt-4.1',
      messages: [user, { role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: { q: 1 } } }] }],
    },
    param: 'messages[1].tool_calls[0].function.arguments',
    code: 'invalid_type',
    message: /expected a string, but got an object/,
  },
  {
    name: 'empty tool_calls array',
    body: { model: 'gpt-4.1', messages: [user, { role: 'assistant', content: 'x', tool_calls: [] }] },
    param: 'messages[1].tool_calls',
    code: 'empty_array',
    message: /empty array/,
  },
  {
    name: 'tool message without a preceding tool call',
    body: { model: 'gpt-4.1', messages: [user, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] },
    param: 'messages[1].role',
    code: null,
    message: /must be a response to a preceeding message with 'tool_calls'/,
  },
  {
    name: 'tool message answering an unknown id',
    body: { model: 'gpt-4.1', messages: [user, { role: 'assistant', tool_calls: [toolCall('call_1')] }, { role: 'tool', tool_call_id: 'call_2', content: 'x' }] },
    param: 'messages[2].tool_call_id',
    code: null,
    message: /'call_2' not found/,
  },
  {
    name: 'tool message answering an id of an older assistant turn',
    body: {
      model: 'gpt-4.1',
      messages: [
        user,
        { role: 'assistant', tool_calls: [toolCall('call_old')] },
        { role: 'tool', tool_call_id: 'call_old', content: 'x' },
        { role: 'assistant', content: 'done' },
        user,
        { role: 'tool', tool_call_id: 'call_old', content: 'again' },
      ],
    },
    param: 'messages[5].role',
    code: null,
    message: /must be a response to a preceeding message/,
  },
  {
    name: 'tool message without tool_call_id',
    body: { model: 'gpt-4.1', messages: [user, { role: 'assistant', tool_calls: [toolCall('call_1')] }, { role: 'tool', content: 'x' }] },
    param: 'messages[2].tool_call_id',
    code: 'missing_required_parameter',
    message: /tool_call_id/,
  },
  {
    name: 'unanswered tool call before the next user message',
    body: {
      model: 'gpt-4.1',
      messages: [user, { role: 'assistant', tool_calls: [toolCall('call_1'), toolCall('call_2')] }, { role: 'tool', tool_call_id: 'call_1', content: 'x' }, user],
    },
    param: 'messages[1].role',
    code: null,
    message: /did not have response messages: call_2/,
  },
  {
    name: 'unanswered tool call at the end',
    body: { model: 'gpt-4.1', messages: [user, { role: 'assistant', tool_calls: [toolCall('call_1')] }] },
    param: 'messages[1].role',
    code: null,
    message: /call_1/,
  },
  {
    name: 'stream_options without stream',
    body: { model: 'gpt-4.1', messages: [user], stream_options: { include_usage: true } },
    param: 'stream_options',
    code: 'invalid_value',
    message: /only allowed when 'stream' is enabled/,
  },
  {
    name: 'stream_options with stream false',
    body: { model: 'gpt-4.1', messages: [user], stream: false, stream_options: { include_usage: true } },
    param: 'stream_options',
    code: 'invalid_value',
    message: /only allowed when 'stream' is enabled/,
  },
  {
    name: 'top_logprobs without logprobs',
    body: { model: 'gpt-4.1', messages: [user], top_logprobs: 3 },
    param: 'top_logprobs',
    code: 'invalid_value',
    message: /requires 'logprobs'/,
  },
  {
    name: 'five stop sequences',
    body: { model: 'gpt-4.1', messages: [user], stop: ['a', 'b', 'c', 'd', 'e'] },
    param: 'stop',
    code: 'array_above_max_length',
    message: /maximum length 4/,
  },
  { name: 'stream not a boolean', body: { model: 'gpt-4.1', messages: [user], stream: 'yes' }, param: 'stream', code: 'invalid_type', message: /a boolean/ },
  { name: 'n of zero', body: { model: 'gpt-4.1', messages: [user], n: 0 }, param: 'n', code: 'integer_below_min_value', message: />= 1/ },
  { name: 'temperature above 2', body: { model: 'gpt-4.1', messages: [user], temperature: 2.5 }, param: 'temperature', code: 'decimal_above_max_value', message: /<= 2/ },
  { name: 'empty tools', body: { model: 'gpt-4.1', messages: [user], tools: [] }, param: 'tools', code: 'empty_array', message: /empty array/ },
  {
    name: 'tool name with spaces',
    body: { model: 'gpt-4.1', messages: [user], tools: [{ type: 'function', function: { name: 'get weather' } }] },
    param: 'tools[0].function.name',
    code: 'invalid_value',
    message: /does not match pattern/,
  },
  {
    name: 'tool_choice without tools',
    body: { model: 'gpt-4.1', messages: [user], tool_choice: 'auto' },
    param: 'tool_choice',
    code: 'invalid_value',
    message: /only allowed when 'tools' are specified/,
  },
  { name: 'max_tokens on a reasoning model', body: { model: 'o3', messages: [user], max_tokens: 100 }, param: 'max_tokens', code: 'unsupported_parameter', message: /Use 'max_completion_tokens' instead/ },
  { name: 'max_tokens on GPT-5', body: { model: 'gpt-5-mini', messages: [user], max_tokens: 100 }, param: 'max_tokens', code: 'unsupported_parameter', message: /'max_tokens' is not supported with this model/ },
  { name: 'temperature on a reasoning model', body: { model: 'o4-mini', messages: [user], temperature: 0.5 }, param: 'temperature', code: 'unsupported_value', message: /does not support 0.5 with this model\. Only the default \(1\) value is supported/ },
  { name: 'top_p on GPT-5', body: { model: 'gpt-5', messages: [user], top_p: 0.9 }, param: 'top_p', code: 'unsupported_value', message: /'top_p' does not support 0.9/ },
  { name: 'tool_choice naming an absent tool', body: { model: 'gpt-4.1', messages: [user], tools, tool_choice: { type: 'function', function: { name: 'elsewhere' } } }, param: 'tool_choice', code: 'invalid_value', message: /'elsewhere' is not one of the functions/ },
];

describe('OpenAI simulator: request validation', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
  });
  afterAll(() => simulator.close());

  function post(body: string): Promise<Response> {
    return fetch(`${simulator.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  }

  it.each(INVALID_CASES)('rejects $name with a 400 envelope', async ({ body, param, code, message }) => {
    const response = await post(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    const envelope = (await response.json()) as ErrorEnvelope;
    expect(envelope).toEqual({ error: { message: expect.stringMatching(message), type: 'invalid_request_error', param, code } });
  });

  it('rejects a body that is not JSON', async () => {
    const response = await post('{"model": "gpt-4.1", ');
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as ErrorEnvelope;
    expect(envelope.error).toMatchObject({ type: 'invalid_request_error', param: null, code: null });
    expect(envelope.error.message).toMatch(/could not parse the JSON body/);
  });

  it('accepts a complete tool round trip, parallel calls answered in any order', async () => {
    const response = await post(
      JSON.stringify({
        model: 'gpt-4.1',
        tools,
        tool_choice: 'auto',
        parallel_tool_calls: true,
        stop: ['a', 'b', 'c', 'd'],
        logprobs: true,
        top_logprobs: 2,
        messages: [
          { role: 'developer', content: 'Answer briefly.' },
          user,
          { role: 'assistant', content: null, tool_calls: [toolCall('call_a'), toolCall('call_b')] },
          { role: 'tool', tool_call_id: 'call_b', content: 'b' },
          { role: 'tool', tool_call_id: 'call_a', content: [{ type: 'text', text: 'a' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
          { role: 'user', content: 'thanks' },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as ChatCompletionResponse).choices[0]!.message.content).toBe('Echo: thanks');
  });

  it('rejects a tool call answered twice', async () => {
    const response = await post(
      JSON.stringify({
        model: 'gpt-4.1',
        messages: [
          user,
          { role: 'assistant', tool_calls: [toolCall('call_a')] },
          { role: 'tool', tool_call_id: 'call_a', content: 'a' },
          { role: 'tool', tool_call_id: 'call_a', content: 'a again' },
        ],
      }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorEnvelope).error).toMatchObject({ param: 'messages[3].tool_call_id', message: expect.stringContaining('already answered') });
  });

  it('does not spend a scripted reply on an invalid request', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'kept for the valid request' });
    expect((await post(JSON.stringify({ model: 'gpt-4.1', messages: [] }))).status).toBe(400);
    const response = await post(JSON.stringify({ model: 'gpt-4.1', messages: [user] }));
    expect(((await response.json()) as ChatCompletionResponse).choices[0]!.message.content).toBe('kept for the valid request');
  });
});
