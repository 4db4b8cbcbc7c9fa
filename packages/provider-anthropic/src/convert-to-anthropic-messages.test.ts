import { describe, expect, it } from '@jest/globals';
import { GatewayError, type ChatMessage, type TranslationWarningV1 } from '@modelgate/core';
import { convertToAnthropicMessages, type ConversationOptions } from './convert-to-anthropic-messages.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function convert(messages: unknown[], options: Partial<ConversationOptions> = {}) {
  const warnings: TranslationWarningV1[] = [];
  const conversation = convertToAnthropicMessages(messages as ChatMessage[], { handling: 'reject', warn: (warning) => warnings.push(warning), includeThinking: false, prefill: true, ...options });
  return { ...conversation, warnings };
}

function rejection(messages: unknown[]): { param: string | null; code: string | null } {
  try {
    convert(messages);
  } catch (error) {
    if (GatewayError.isInstance(error)) return { param: error.param, code: error.code };
    throw error;
  }
  throw new Error('no rejection');
}

describe('convertToAnthropicMessages', () => {
  it('keeps each system and developer part its own block, in order, with its cache breakpoint', () => {
    const { system } = convert([
      { role: 'system', content: [{ type: 'text', text: 'One.' }, { type: 'text', text: 'Two.', cache_control: { type: 'ephemeral', ttl: '1h' } }] },
      { role: 'user', content: 'hi' },
      { role: 'developer', content: 'Three.' },
    ]);
    expect(system).toEqual([
      { type: 'text', text: 'One.' },
      { type: 'text', text: 'Two.', cache_control: { type: 'ephemeral', ttl: '1h' } },
      { type: 'text', text: 'Three.' },
    ]);
  });

  it('maps cache_control on user, image, assistant and tool text parts', () => {
    const cache = { type: 'ephemeral' };
    const { messages } = convert([
      { role: 'user', content: [{ type: 'text', text: 'doc', cache_control: cache }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` }, cache_control: cache }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok', cache_control: cache }], tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 'result', cache_control: cache }] },
    ]);
    expect(messages[0]!.content.every((block) => 'cache_control' in block)).toBe(true);
    expect(messages[1]!.content[0]).toEqual({ type: 'text', text: 'ok', cache_control: cache });
    expect(messages[2]!.content[0]).toEqual({ type: 'tool_result', tool_use_id: 'c', content: [{ type: 'text', text: 'result', cache_control: cache }] });
  });

  it('rejects a cache_control Anthropic has no form for, naming it', () => {
    expect(rejection([{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'persistent' } }] }])).toEqual({ param: 'messages[0].content[0].cache_control', code: 'invalid_value' });
  });

  it('sends image bytes with the media type they really have, and drops detail with a warning', () => {
    const { messages, warnings } = convert([{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}`, detail: 'high' } }] }]);
    expect(messages[0]!.content[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'dropped-parameter', parameter: 'messages[0].content[0].image_url.detail' })]);
    expect(rejection([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }])).toEqual({ param: 'messages[0].content[0]', code: 'invalid_image_format' });
  });

  it('rejects a legacy function_call and unknown fields by policy, or drops them with warnings under drop', () => {
    const legacy = [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b', function_call: { name: 'f', arguments: '{}' } }, { role: 'user', content: 'c' }];
    expect(rejection(legacy)).toEqual({ param: 'messages[1].function_call', code: 'unsupported_parameter' });
    expect(rejection([{ role: 'user', content: [{ type: 'text', text: 'x', priority: 1 }] }]).param).toBe('messages[0].content[0].priority');
    const dropped = convert(legacy, { handling: 'drop' });
    expect(dropped.warnings.map((warning) => warning.parameter)).toEqual(['messages[1].function_call']);
    // What clients echo back from an OpenAI answer asks for nothing and passes.
    expect(() => convert([{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b', annotations: [], audio: null, function_call: null }, { role: 'user', content: 'c' }])).not.toThrow();
  });

  it('makes a trailing assistant message a prefill without trailing whitespace, or history followed by Continue.', () => {
    const history = [{ role: 'user', content: 'Count' }, { role: 'assistant', content: 'One, two, ' }];
    expect(convert(history).messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'One, two,' }] });
    expect(convert(history, { prefill: false }).messages.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'One, two, ' }] },
      { role: 'user', content: [{ type: 'text', text: 'Continue.' }] },
    ]);
  });

  it('opens an assistant turn with its reasoning_details as thinking blocks only while thinking, and only Claude’s signed ones', () => {
    const assistant = {
      role: 'assistant',
      content: 'Looking.',
      reasoning_details: [
        { type: 'reasoning.encrypted', data: 'EmwK', format: 'anthropic-claude-v1', index: 1 },
        { type: 'reasoning.text', text: 'Hm.', signature: 'Eq1', format: 'anthropic-claude-v1', index: 0 },
        { type: 'reasoning.text', text: 'unsigned', format: 'anthropic-claude-v1', index: 2 },
        { type: 'reasoning.encrypted', data: 'CiQB', format: 'google-gemini-v1', index: 3 },
      ],
    };
    const turns = [{ role: 'user', content: 'a' }, assistant, { role: 'user', content: 'b' }];
    expect(convert(turns, { includeThinking: true }).messages[1]!.content).toEqual([
      { type: 'thinking', thinking: 'Hm.', signature: 'Eq1' },
      { type: 'redacted_thinking', data: 'EmwK' },
      { type: 'text', text: 'Looking.' },
    ]);
    expect(convert(turns).messages[1]!.content).toEqual([{ type: 'text', text: 'Looking.' }]);
  });

  it('names the tools the history calls', () => {
    const { calledTools } = convert([
      { role: 'user', content: 'a' },
      { role: 'assistant', tool_calls: [{ id: '1', type: 'function', function: { name: 'f', arguments: '{}' } }, { id: '2', type: 'function', function: { name: 'g', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: '1', content: 'x' },
      { role: 'tool', tool_call_id: '2', content: 'y' },
    ]);
    expect(calledTools).toEqual(['f', 'g']);
  });
});
