import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { chatCompletionChunkSchema, chatCompletionResponseSchema } from './chat-completion-output-schemas.js';
import { chatCompletionRequestSchema } from './chat-completion-request-schema.js';

// The gateway's settings (apps/gateway/src/validation/schema-compiler.ts): draft-07, not strict.
const ajv = new Ajv({ strict: false, allErrors: true });
const validRequest = ajv.compile(chatCompletionRequestSchema);
const validResponse = ajv.compile(chatCompletionResponseSchema);
const validChunk = ajv.compile(chatCompletionChunkSchema);

const DETAILS = [
  { type: 'reasoning.text', text: 'Oslo first.', signature: 'EqQBCkYIBxgCKkB…', format: 'anthropic-claude-v1', index: 0 },
  { type: 'reasoning.encrypted', data: 'CiQB…', id: 'tool_call_x1k9ab2c', format: 'google-gemini-v1', index: 1 },
  { type: 'reasoning.summary', summary: 'Looked up the weather.', id: null, format: 'openai-responses-v1' },
];

const TOOL_CALL = {
  id: 'x1k9ab2c',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
  extra_content: { google: { thought_signature: 'CiQB…' } },
};

function requestWith(assistant: Record<string, unknown>): unknown {
  return {
    model: 'm',
    messages: [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: null, ...assistant },
      { role: 'tool', tool_call_id: 'x1k9ab2c', content: '12°C' },
    ],
  };
}

function responseWith(message: Record<string, unknown>): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, ...message } }],
  };
}

function chunkWith(delta: Record<string, unknown>): unknown {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] };
}

describe('hub extensions in the request schema (assistant history)', () => {
  it('accepts reasoning_details and a tool call with extra_content, as a client echoes them', () => {
    expect(validRequest(requestWith({ reasoning_details: DETAILS, tool_calls: [TOOL_CALL] }))).toBe(true);
  });

  it('accepts a detail of a type it does not know, for translators to skip', () => {
    expect(validRequest(requestWith({ reasoning_details: [{ type: 'reasoning.server_tool_call', anything: 1 }] }))).toBe(true);
  });

  it.each([
    ['reasoning_details that is not an array', { reasoning_details: DETAILS[0] }],
    ['a detail without type', { reasoning_details: [{ text: 'x' }] }],
    ['a detail whose type is not a string', { reasoning_details: [{ type: 7, text: 'x' }] }],
    ['reasoning.text without text', { reasoning_details: [{ type: 'reasoning.text', signature: 's' }] }],
    ['reasoning.text with a signature that is not a string', { reasoning_details: [{ type: 'reasoning.text', text: 'x', signature: 1 }] }],
    ['reasoning.encrypted without data', { reasoning_details: [{ type: 'reasoning.encrypted', id: 'a' }] }],
    ['reasoning.summary whose summary is not a string', { reasoning_details: [{ type: 'reasoning.summary', summary: ['x'] }] }],
    ['a negative index', { reasoning_details: [{ type: 'reasoning.encrypted', data: 'd', index: -1 }] }],
    ['extra_content that is not an object', { tool_calls: [{ ...TOOL_CALL, extra_content: 'CiQB' }] }],
    ['a vendor entry that is not an object', { tool_calls: [{ ...TOOL_CALL, extra_content: { google: 'CiQB' } }] }],
  ])('rejects %s', (_name, assistant) => {
    expect(validRequest(requestWith(assistant))).toBe(false);
  });
});

describe('hub extensions in the output schemas', () => {
  it('allows them on an answer message and its tool calls', () => {
    expect(validResponse(responseWith({ reasoning_details: DETAILS, tool_calls: [TOOL_CALL] }))).toBe(true);
    expect(validResponse(responseWith({ reasoning_details: { type: 'reasoning.text', text: 'x' } }))).toBe(false);
    expect(validResponse(responseWith({ tool_calls: [{ ...TOOL_CALL, extra_content: [] }] }))).toBe(false);
  });

  it('allows them on stream deltas: details and the delta that introduces a call', () => {
    expect(validChunk(chunkWith({ reasoning_details: [{ type: 'reasoning.text', text: 'Oslo', index: 0 }] }))).toBe(true);
    const introducesCall = { index: 0, id: 'x1k9ab2c', type: 'function', function: { name: 'get_weather', arguments: '{}' }, extra_content: { google: { thought_signature: 'CiQB…' } } };
    expect(validChunk(chunkWith({ tool_calls: [introducesCall] }))).toBe(true);
    expect(validChunk(chunkWith({ reasoning_details: [{ text: 'no type' }] }))).toBe(false);
    expect(validChunk(chunkWith({ tool_calls: [{ ...introducesCall, extra_content: { google: 1 } }] }))).toBe(false);
  });
});
