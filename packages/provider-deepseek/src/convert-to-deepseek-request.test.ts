import { describe, expect, it } from '@jest/globals';
import { type CallContextV1, type ChatCompletionRequest, type TranslationWarningV1 } from '@modelgate/core';
import plugin, { type DeepSeekSettings } from './index.js';
import { thrownGatewayError } from './thrown-gateway-error.test-helper.js';

const TOOL = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' } } };

function translate(request: Partial<ChatCompletionRequest> & Record<string, unknown>, settings: DeepSeekSettings = {}) {
  const warnings: TranslationWarningV1[] = [];
  const logged: unknown[] = [];
  const logger = { debug() {}, info() {}, warn: (object: object) => void logged.push(object), error() {} };
  const call: CallContextV1 = { requestId: 'req_1', publicModel: 'deep', upstreamModel: 'deepseek-v4-pro', warn: (warning) => void warnings.push(warning) };
  const provider = plugin.create({ apiKey: 'sk-ds', ...settings }, { instanceId: 'deepseek', logger, env: {} });
  const upstream = provider.chat.toUpstreamRequest({ model: 'deep', messages: [{ role: 'user', content: 'hi' }], ...request } as ChatCompletionRequest, call);
  return { upstream, body: upstream.body as Record<string, unknown>, warnings, logged };
}

describe('DeepSeek requests: thinking', () => {
  it('goes to DeepSeek’s chat endpoint with the key, thinking stated and DeepSeek’s own effort', () => {
    const { upstream, body } = translate({});
    expect(upstream).toMatchObject({ method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers: { authorization: 'Bearer sk-ds' }, stream: false });
    expect(body).toEqual({ model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'enabled' } });
  });

  it.each([
    ['low', { thinking: { type: 'enabled' }, reasoning_effort: 'low' }],
    ['medium', { thinking: { type: 'enabled' }, reasoning_effort: 'high' }],
    ['high', { thinking: { type: 'enabled' }, reasoning_effort: 'high' }],
    ['xhigh', { thinking: { type: 'enabled' }, reasoning_effort: 'high' }],
    ['max', { thinking: { type: 'enabled' }, reasoning_effort: 'max' }],
    ['minimal', { thinking: { type: 'enabled' }, reasoning_effort: 'low' }],
    ['none', { thinking: { type: 'disabled' } }],
  ] as const)('reasoning_effort %s → %j', (effort, expected) => {
    const { body } = translate({ reasoning_effort: effort });
    expect({ thinking: body.thinking, reasoning_effort: body.reasoning_effort }).toEqual({ reasoning_effort: undefined, ...expected });
  });

  it('keeps a client’s own thinking switch off', () => {
    expect(translate({ thinking: { type: 'disabled' }, reasoning_effort: 'high' }).body).toMatchObject({ thinking: { type: 'disabled' } });
    expect(translate({ thinking: { type: 'disabled' } }).body).not.toHaveProperty('reasoning_effort');
  });

  it('answers a forced tool choice without thinking by default, and says so when the client asked for thinking', () => {
    const forced = { tools: [TOOL], tool_choice: 'required' as const };
    expect(translate(forced)).toMatchObject({ body: { thinking: { type: 'disabled' }, tool_choice: 'required' }, warnings: [] });
    const named = translate({ ...forced, tool_choice: { type: 'function', function: { name: 'get_weather' } }, reasoning_effort: 'high' });
    expect(named.body).toMatchObject({ thinking: { type: 'disabled' }, tool_choice: { type: 'function', function: { name: 'get_weather' } } });
    expect(named.body).not.toHaveProperty('reasoning_effort');
    expect(named.warnings).toEqual([{ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: expect.stringMatching(/cannot force a tool call while thinking/) }]);
    expect(translate({ tools: [TOOL], tool_choice: 'auto' }).body).toMatchObject({ thinking: { type: 'enabled' }, tool_choice: 'auto' });
  });

  it('under forcedToolChoice auto keeps thinking and sends auto with a warning; under reject answers 400 naming tool_choice', () => {
    const auto = translate({ tools: [TOOL], tool_choice: 'required' }, { forcedToolChoice: 'auto' });
    expect(auto.body).toMatchObject({ thinking: { type: 'enabled' }, tool_choice: 'auto' });
    expect(auto.warnings).toEqual([{ kind: 'dropped-parameter', parameter: 'tool_choice', reason: expect.stringMatching(/sent tool_choice auto/) }]);
    const rejected = thrownGatewayError(() => translate({ tools: [TOOL], tool_choice: 'required' }, { forcedToolChoice: 'reject' }));
    expect([rejected.status, rejected.param, rejected.code]).toEqual([400, 'tool_choice', 'unsupported_parameter']);
    expect(translate({ tools: [TOOL], tool_choice: 'required', reasoning_effort: 'none' }, { forcedToolChoice: 'reject' }).body).toMatchObject({
      thinking: { type: 'disabled' },
    });
  });
});

describe('DeepSeek requests: json_schema', () => {
  const format = { type: 'json_schema' as const, json_schema: { name: 'weather', schema: { type: 'object', properties: { city: { type: 'string' } } } } };

  it('goes out as json_object, with the schema as a system instruction ahead of the conversation', () => {
    const { body } = translate({ response_format: format });
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Answer with one JSON object that matches this JSON schema "weather":\n{"type":"object","properties":{"city":{"type":"string"}}}' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('under jsonSchema reject answers 400 naming response_format, and passes json_object', () => {
    const rejected = thrownGatewayError(() => translate({ response_format: format }, { jsonSchema: 'reject' }));
    expect([rejected.status, rejected.param]).toEqual([400, 'response_format']);
    expect(rejected.message).toMatch(/DeepSeek does not support 'response_format': DeepSeek offers only response_format 'json_object'/);
    expect(translate({ response_format: { type: 'json_object' } }, { jsonSchema: 'reject' }).body.response_format).toEqual({ type: 'json_object' });
  });
});

describe('DeepSeek requests: the reasoning_content round trip', () => {
  const CALL = { id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: '{}' } };

  it('sends the placeholder on a tool-call turn the client sent back without reasoning, and logs which turn', () => {
    const { body, logged } = translate(
      { messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [CALL] }, { role: 'tool', tool_call_id: 'call_1', content: '4C' }] },
      { reasoningPlaceholder: 'n/a' },
    );
    expect((body.messages as unknown[])[1]).toEqual({ role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: 'n/a' });
    expect(logged).toEqual([{ requestId: 'req_1', messages: [1] }]);
  });

  it('logs nothing when the client kept the reasoning', () => {
    const { body, logged } = translate({
      messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: 'Look.' }, { role: 'tool', tool_call_id: 'call_1', content: '4C' }],
    });
    expect((body.messages as Array<Record<string, unknown>>)[1]!.reasoning_content).toBe('Look.');
    expect(logged).toEqual([]);
  });
});

describe('DeepSeek requests: strict tools (issue 28 item 12)', () => {
  const strict = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' }, strict: true } };
  it('off the beta base URL: sent as they are with a warning, or a 400 naming the tool under strictTools reject', () => {
    const warned = translate({ tools: [TOOL, strict] });
    expect(warned.body.tools).toEqual([TOOL, strict]);
    expect(warned.warnings).toEqual([{ kind: 'dropped-parameter', parameter: 'tools[1].function.strict', reason: expect.stringMatching(/only on its beta base URL.*not validated; sent as is/) }]);
    const rejected = thrownGatewayError(() => translate({ tools: [strict] }, { strictTools: 'reject' }));
    expect([rejected.status, rejected.param, rejected.code]).toEqual([400, 'tools[0].function.strict', 'unsupported_parameter']);
  });
  it('on the beta base URL, where DeepSeek enforces them: no warning', () => {
    expect(translate({ tools: [strict] }, { baseUrl: 'https://api.deepseek.com/beta', strictTools: 'reject' }).warnings).toEqual([]);
  });
});

