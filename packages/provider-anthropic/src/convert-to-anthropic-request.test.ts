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

describe('cache breakpoints', () => {
  const policy = (ttl?: '5m' | '1h') => ({ autoBreakpoints: true, ...(ttl && { ttl }) });
  function convertWith(request: Partial<ChatCompletionRequest>, promptCache?: CallContextV1['promptCache']) {
    const call: CallContextV1 = { requestId: 'r', publicModel: 'claude', upstreamModel: 'claude-unknown-model', warn: () => undefined, promptCache };
    return convertToAnthropicRequest({ model: 'claude', messages: [{ role: 'user', content: 'hi' }], ...request }, call, {});
  }
  const tool = { type: 'function' as const, function: { name: 'f', parameters: { type: 'object', properties: {} } } };
  const conversation: ChatCompletionRequest['messages'] = [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'first' },
    { role: 'user', content: 'two' },
  ];

  it("places the operator's breakpoints after the tools, the system prompt, the previous and the last user turn", () => {
    const body = convertWith({ messages: conversation, tools: [tool, { ...tool, function: { ...tool.function, name: 'g' } }] }, policy());
    const ephemeral = { type: 'ephemeral' };
    expect(body.tools!.map((declared) => declared.cache_control)).toEqual([undefined, ephemeral]);
    expect(body.system).toEqual([{ type: 'text', text: 'You are a coding agent.', cache_control: ephemeral }]);
    expect(body.messages.map((message) => message.content.at(-1))).toEqual([
      { type: 'text', text: 'one', cache_control: ephemeral },
      { type: 'text', text: 'first' },
      { type: 'text', text: 'two', cache_control: ephemeral },
    ]);
  });

  it('writes for an hour when the policy says so, and places none without the policy', () => {
    expect(convertWith({ messages: conversation }, policy('1h')).system![0]!.cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    const plain = convertWith({ messages: conversation, tools: [tool] });
    expect(JSON.stringify(plain)).not.toContain('cache_control');
  });

  it("leaves a client's own breakpoints alone, a tool's included, and counts them against Anthropic's four", () => {
    const cache = { type: 'ephemeral' };
    const body = convertWith({ messages: conversation, tools: [{ ...tool, cache_control: cache } as never] }, policy());
    expect(body.tools![0]!.cache_control).toEqual(cache);
    expect(JSON.stringify(body.messages)).not.toContain('cache_control');
    const five = [{ role: 'user' as const, content: [1, 2, 3, 4].map((index) => ({ type: 'text' as const, text: `part ${index}`, cache_control: cache })) }];
    expect(() => convertWith({ messages: five, tools: [{ ...tool, cache_control: cache } as never] })).toThrow(/at most 4 cache_control breakpoints/);
  });
});
