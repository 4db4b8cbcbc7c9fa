import { describe, expect, it } from '@jest/globals';
import { GatewayError, type ChatCompletionRequest, type TranslationWarningV1 } from '@modelgate/core';
import { convertToAnthropicTools, HISTORY_ONLY_TOOL_DESCRIPTION, type ToolOptions } from './convert-to-anthropic-tools.js';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'function' as const, function: { name, ...extra } });

function convert(request: Partial<ChatCompletionRequest>, options: Partial<ToolOptions> = {}) {
  const warnings: TranslationWarningV1[] = [];
  const settings = convertToAnthropicTools({ model: 'm', messages: [], ...request }, { handling: 'reject', warn: (warning) => warnings.push(warning), calledTools: [], forcingRefused: undefined, ...options });
  return { ...settings, warnings };
}

describe('convertToAnthropicTools', () => {
  it('declares the tools a history calls when the request sends none, callable by nobody', () => {
    expect(convert({}, { calledTools: ['get_weather'] })).toMatchObject({
      tools: [{ name: 'get_weather', description: HISTORY_ONLY_TOOL_DESCRIPTION, input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'none' },
    });
    expect(convert({})).toEqual({ warnings: [] });
  });

  it('transforms only strict tools’ schemas', () => {
    const parameters = { type: 'object', properties: { q: { type: 'string', minLength: 1 } } };
    const { tools } = convert({ tools: [tool('strict', { parameters, strict: true }), tool('loose', { parameters, strict: false })] });
    expect(tools![0]).toEqual({ name: 'strict', strict: true, input_schema: { type: 'object', properties: { q: { type: 'string', description: '{minLength: 1}' } }, additionalProperties: false } });
    expect(tools![1]).toEqual({ name: 'loose', input_schema: parameters });
  });

  it('refuses a forced tool it cannot honour with a 400 naming tool_choice, or sends auto with a warning under drop', () => {
    const forced = { tools: [tool('f')], tool_choice: 'required' as const, parallel_tool_calls: false };
    let caught: unknown;
    try {
      convert(forced, { forcingRefused: 'while thinking' });
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught) && caught.param).toBe('tool_choice');
    const dropped = convert(forced, { forcingRefused: 'while thinking', handling: 'drop' });
    expect(dropped.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(dropped.warnings.map((warning) => warning.parameter)).toEqual(['tool_choice']);
  });

  it('answers bodies the schema would stop with 400s, never a crash', () => {
    const bad = [{ tool_choice: { type: 'function' } }, { tool_choice: { type: 'allowed_tools' } }] as unknown as Partial<ChatCompletionRequest>[];
    for (const request of bad) expect(() => convert({ tools: [tool('f')], ...request })).toThrow(GatewayError);
  });
});
