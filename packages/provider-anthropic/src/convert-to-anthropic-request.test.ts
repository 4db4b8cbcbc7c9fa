import { describe, expect, it } from '@jest/globals';
import type { CallContextV1, ChatCompletionRequest, TranslationWarningV1 } from '@modelgate/core';
import { JSON_OBJECT_INSTRUCTION } from './anthropic-output-format.js';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';

function convert(request: Partial<ChatCompletionRequest>, settings = {}) {
  const warnings: TranslationWarningV1[] = [];
  const call: CallContextV1 = { requestId: 'r', publicModel: 'claude', upstreamModel: 'claude-unknown-model', warn: (warning) => warnings.push(warning) };
  const body = convertToAnthropicRequest({ model: 'claude', messages: [{ role: 'user', content: 'hi' }], ...request }, call, settings);
  return { body, warnings };
}

describe('convertToAnthropicRequest', () => {
  it('hoists system and developer messages, merges turns and prepends a user turn before a leading assistant', () => {
    const { body } = convert({
      messages: [
        { role: 'system', content: 'A' },
        { role: 'assistant', content: 'earlier' },
        { role: 'developer', content: [{ type: 'text', text: 'B' }] },
        { role: 'user', content: 'one' },
        { role: 'user', content: [{ type: 'text', text: '   ' }, { type: 'text', text: 'two' }], name: 'ann' },
      ],
    });
    expect(body.system).toEqual([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Continue.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'earlier' }] },
      { role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] },
    ]);
    expect(body.max_tokens).toBe(16384);
  });

  it('clamps temperature with a warning and prefers max_completion_tokens', () => {
    const { body, warnings } = convert({ temperature: 1.6, max_tokens: 10, max_completion_tokens: 20 });
    expect(body).toMatchObject({ temperature: 1, max_tokens: 20 });
    expect(warnings).toEqual([{ kind: 'value-clamped', parameter: 'temperature', from: 1.6, to: 1 }]);
  });

  it('turns reasoning_effort into a thinking budget on top of max_tokens and drops sampling with warnings', () => {
    const { body, warnings } = convert({ reasoning_effort: 'medium', max_completion_tokens: 1000, temperature: 0.5 });
    expect(body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 3048 });
    expect(body).not.toHaveProperty('temperature');
    expect(warnings.map((warning) => warning.parameter)).toEqual(['temperature']);
    expect(convert({ reasoning_effort: 'none' }).body.thinking).toEqual({ type: 'disabled' });
  });

  it('maps json_object to a system instruction, and tool_choice none without disable_parallel_tool_use', () => {
    const { body } = convert({
      response_format: { type: 'json_object' },
      tools: [{ type: 'function', function: { name: 'f' } }],
      tool_choice: 'none',
      parallel_tool_calls: false,
    });
    expect(body.system).toEqual([{ type: 'text', text: JSON_OBJECT_INSTRUCTION }]);
    expect(body.tools).toEqual([{ name: 'f', input_schema: { type: 'object', properties: {} } }]);
    expect(body.tool_choice).toEqual({ type: 'none' });
  });

  it('drops whitespace-only stop sequences with a warning and maps safety_identifier', () => {
    const { body, warnings } = convert({ stop: ['\n\n', 'END'], user: 'u', safety_identifier: 's' });
    expect(body).toMatchObject({ stop_sequences: ['END'], metadata: { user_id: 's' } });
    expect(warnings).toHaveLength(1);
  });

  it('rejects unanswered tool calls and unsupported parameters, or drops them under drop', () => {
    expect(() =>
      convert({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'user', content: 'y' }] }),
    ).toThrow(/c1/);
    expect(() => convert({ logprobs: true })).toThrow(/logprobs/);
    const dropped = convert({ logprobs: true, seed: 3, n: 1 }, { unsupportedParameters: 'drop' });
    expect(dropped.warnings.map((warning) => warning.parameter)).toEqual(['logprobs', 'seed']);
  });
});
