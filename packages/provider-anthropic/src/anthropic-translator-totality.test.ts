import { describe, expect, it } from '@jest/globals';
import { GatewayError, type CallContextV1, type ChatCompletionRequest } from '@modelgate/core';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';

// Bodies the /v1 schema lets through, at the edges of what clients send. The translator must
// answer each with a body or a 400 GatewayError: a TypeError here would be a 500 (which SDKs retry).

const call: CallContextV1 = { requestId: 'r', publicModel: 'claude', upstreamModel: 'claude-sonnet-4-5', warn: () => undefined };
const user = { role: 'user', content: 'hi' };

const EDGE_BODIES: Array<[string, Record<string, unknown>]> = [
  ['empty assistant parts', { messages: [user, { role: 'assistant', content: [{ type: 'text', text: '' }, { type: 'refusal', refusal: '' }] }, user] }],
  ['empty tool arguments and tool content', { messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '' } }] }, { role: 'tool', tool_call_id: 'a', content: [] }] }],
  ['an empty tool_calls list', { messages: [user, { role: 'assistant', content: 'x', tool_calls: [] }, user] }],
  ['empty user content', { messages: [{ role: 'user', content: [] }] }],
  ['only system messages', { messages: [{ role: 'system', content: [] }] }],
  ['allowed_tools with an empty list', { messages: [user], tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'auto', tools: [] } } }],
  ['an untyped strict tool schema', { messages: [user], tools: [{ type: 'function', function: { name: 'f', strict: true, parameters: {} } }] }],
  ['a strict json_schema of {}', { messages: [user], response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {}, strict: true } } }],
  ['reasoning_details of unknown types', { reasoning_effort: 'low', messages: [user, { role: 'assistant', content: 'x', reasoning_details: [{ type: 'reasoning.mystery' }, { type: 'reasoning.summary', summary: 's' }] }, user] }],
  ['an empty data URL', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,' } }] }] }],
  ['a file part without data', { messages: [{ role: 'user', content: [{ type: 'file', file: {} }] }] }],
  ['a tool result for an unknown call', { messages: [user, { role: 'tool', tool_call_id: 'ghost', content: 'x' }] }],
  ['an empty stop list and a whitespace stop', { messages: [user], stop: [' '] }],
  ['extra_content on a tool call', { messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' }, extra_content: { google: {} } }] }, { role: 'tool', tool_call_id: 'a', content: 'ok' }] }],
];

describe('the translator is total over bodies the schema accepts', () => {
  it.each(EDGE_BODIES)('%s: a body or a 400, never a crash', (_case, body) => {
    let outcome: unknown;
    try {
      outcome = convertToAnthropicRequest({ model: 'claude', ...body } as unknown as ChatCompletionRequest, call, {});
    } catch (error) {
      outcome = error;
    }
    if (outcome instanceof Error) {
      expect(GatewayError.isInstance(outcome)).toBe(true);
      expect((outcome as GatewayError).status).toBe(400);
    } else {
      expect(outcome).toHaveProperty('messages');
    }
  });
});
