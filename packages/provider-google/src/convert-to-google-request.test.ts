import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { CallContextV1, ChatCompletionRequest, TranslationWarningV1, GoogleGenerateContentRequest } from '@modelgate/core';
import { createGoogleChatTranslator } from './google-provider.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

function translate(request: Partial<ChatCompletionRequest>, model = 'gemini-3.8-flash', settings: Record<string, unknown> = {}) {
  const warnings: TranslationWarningV1[] = [];
  const call: CallContextV1 = { requestId: 'r', publicModel: model, upstreamModel: model, warn: (warning) => warnings.push(warning) };
  const translator = createGoogleChatTranslator({ apiKey: 'k', ...settings });
  const upstream = translator.toUpstreamRequest({ model, messages: [{ role: 'user', content: 'hi' }], ...request }, call);
  return { upstream, body: upstream.body as GoogleGenerateContentRequest, warnings, translator, call };
}

const calls = [
  { id: 'call_a', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
  { id: 'call_b', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Bergen"}' } },
];
const toolTurn = (assistant: Record<string, unknown>): Partial<ChatCompletionRequest> => ({
  messages: [
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: null, tool_calls: calls.map((call) => ({ ...call, function: { ...call.function } })), ...assistant } as ChatCompletionRequest['messages'][number],
    { role: 'tool', tool_call_id: 'call_a', content: '4C' },
    { role: 'tool', tool_call_id: 'call_b', content: '7C' },
  ],
});

describe('convertToGoogleRequest: the worked example of PROTOCOLS F.0 (golden bodies)', () => {
  const request = fixture('f0-worked-example.chat-request.json') as ChatCompletionRequest;

  it('for a Gemini 2.x model on v1: no ids, the legacy schema, the stream URL', () => {
    const { upstream, body } = translate(request, 'gemini-2.5-flash', { baseUrl: 'https://generativelanguage.googleapis.com/v1' });
    expect(upstream.url).toBe('https://generativelanguage.googleapis.com/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(upstream.headers['x-goog-api-key']).toBe('k');
    expect(body).toEqual(fixture('f0-gemini-2.5-flash.v1.body.json'));
  });

  it('for a Gemini 3 model on v1beta: ids on both parts, the placeholder signature on the step that lost its own, JSON Schema', () => {
    expect(translate(request, 'gemini-3.8-flash').body).toEqual(fixture('f0-gemini-3.8-flash.v1beta.body.json'));
  });
});

describe('thought signatures carried back by clients (PROTOCOLS F.3 "Accept on input", in order)', () => {
  const firstCallSignature = (assistant: Record<string, unknown>, callOverrides: Record<string, unknown> = {}) => {
    const messages = toolTurn(assistant).messages!;
    const assistantMessage = messages[1] as unknown as { tool_calls: Array<Record<string, unknown>> };
    assistantMessage.tool_calls = [{ ...calls[0], ...callOverrides }, calls[1]!];
    return translate({ messages }).body.contents[1]!.parts[0]!.thoughtSignature;
  };

  it.each([
    ['extra_content.google', {}, { extra_content: { google: { thought_signature: 'SIG-G' } } }, 'SIG-G'],
    ['extra_content.vertex', {}, { extra_content: { vertex: { thought_signature: 'SIG-V' } } }, 'SIG-V'],
    ['provider_specific_fields', {}, { provider_specific_fields: { thought_signature: 'SIG-L' } }, 'SIG-L'],
    ['reasoning_details naming the call', { reasoning_details: [{ type: 'reasoning.encrypted', data: 'SIG-R', id: 'tool_call_call_a', format: 'google-gemini-v1' }] }, {}, 'SIG-R'],
    ['the __thought__ id suffix', {}, { id: 'call_a__thought__SIG-T' }, 'SIG-T'],
    ['extra_content over the others', { reasoning_details: [{ type: 'reasoning.encrypted', data: 'SIG-R', id: 'call_a' }] }, { id: 'call_a__thought__SIG-T', extra_content: { google: { thought_signature: 'SIG-G' } } }, 'SIG-G'],
    ['nothing: the placeholder', {}, {}, 'skip_thought_signature_validator'],
    ['another vendor’s reasoning detail: the placeholder', { reasoning_details: [{ type: 'reasoning.encrypted', data: 'ANTHROPIC', id: 'call_a', format: 'anthropic-claude-v1' }] }, {}, 'skip_thought_signature_validator'],
  ])('from %s', (_label, assistant, callOverrides, expected) => {
    expect(firstCallSignature(assistant, callOverrides)).toBe(expected);
  });

  it('strips the __thought__ suffix from the ids sent and matches the tool message by the real id', () => {
    const messages = toolTurn({}).messages!;
    (messages[1] as { tool_calls: Array<{ id: string }> }).tool_calls[0]!.id = 'call_a__thought__SIG';
    const { body } = translate({ messages });
    expect(body.contents[1]!.parts[0]!.functionCall!.id).toBe('call_a');
    expect(body.contents[2]!.parts[0]!.functionResponse).toEqual({ id: 'call_a', name: 'get_weather', response: { content: '4C' } });
  });

  it('puts an answer’s signature back on its last part, and a loose one before the calls; older turns get no placeholder', () => {
    const { body } = translate({
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: null, tool_calls: [calls[0]!], reasoning_details: [{ type: 'reasoning.encrypted', data: 'LOOSE' }] },
        { role: 'tool', tool_call_id: 'call_a', content: '4C' },
        { role: 'assistant', content: 'It is 4C.', reasoning_details: [{ type: 'reasoning.encrypted', data: 'ANSWER', format: 'google-gemini-v1', index: 0 }] },
        { role: 'user', content: 'two' },
      ],
    });
    expect(body.contents.slice(1, 4)).toEqual([
      { role: 'model', parts: [{ text: '', thoughtSignature: 'LOOSE' }, { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Oslo' } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_a', name: 'get_weather', response: { content: '4C' } } }] },
      { role: 'model', parts: [{ text: 'It is 4C.', thoughtSignature: 'ANSWER' }] },
    ]);
  });
});

describe('function-call ids', () => {
  it('sends no id to Gemini 2.x and never one the gateway minted', () => {
    expect(translate(toolTurn({}), 'gemini-2.5-pro').body.contents[1]!.parts[0]!.functionCall).toEqual({ name: 'get_weather', args: { city: 'Oslo' } });
    const minted = toolTurn({});
    (minted.messages![1] as { tool_calls: Array<{ id: string }> }).tool_calls[0]!.id = 'call_noid_0123456789abcdef01234567';
    (minted.messages![2] as { tool_call_id: string }).tool_call_id = 'call_noid_0123456789abcdef01234567';
    const { body } = translate(minted);
    expect(body.contents[1]!.parts[0]!.functionCall).toEqual({ name: 'get_weather', args: { city: 'Oslo' } });
    expect(body.contents[2]!.parts[0]!.functionResponse).toEqual({ name: 'get_weather', response: { content: '4C' } });
  });

  it('refuses unanswered calls and tool messages for unknown calls, before calling Gemini', () => {
    expect(() => translate({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [calls[0]!] }, { role: 'user', content: 'y' }] })).toThrow(/call_a/);
    expect(() => translate({ messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'nope', content: 'r' }] })).toThrow(/'nope'/);
  });
});

describe('function names Gemini cannot take', () => {
  it('are shortened deterministically, sent the same in tools, history and tool_choice, and mapped back in answers', () => {
    const long = `lookup_${'x'.repeat(70)}`;
    const tools = [{ type: 'function' as const, function: { name: long, parameters: { type: 'object', properties: {} } } }];
    const { body, translator, call } = translate({ tools, tool_choice: { type: 'function', function: { name: long } } });
    const sent = body.tools![0]!.functionDeclarations![0]!.name;
    expect(sent).toMatch(/^lookup_x{48}_[0-9a-f]{8}$/);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [sent] } });
    expect(translate({ tools }).body.tools![0]!.functionDeclarations![0]!.name).toBe(sent);
    const answer = translator.fromUpstreamResponse({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: sent, args: {} } }] }, finishReason: 'STOP' }] }, call);
    expect(answer.choices[0]!.message.tool_calls![0]!.function.name).toBe(long);
  });
});

describe('generationConfig', () => {
  it.each([
    ['gemini-3.8-flash', 'minimal', { thinkingLevel: 'LOW', includeThoughts: true }],
    ['gemini-3.8-flash', 'none', { thinkingLevel: 'LOW' }],
    ['gemini-3.8-flash', 'xhigh', { thinkingLevel: 'HIGH', includeThoughts: true }],
    ['gemini-3.7-flash', 'medium', { thinkingLevel: 'MEDIUM', includeThoughts: true }],
    ['gemini-3.1-flash-lite', 'none', { thinkingLevel: 'MINIMAL' }],
    ['gemini-3.1-pro-preview', 'minimal', { thinkingLevel: 'LOW', includeThoughts: true }],
    ['gemini-2.5-flash', 'none', { thinkingBudget: 0 }],
    ['gemini-2.5-pro', 'none', { thinkingBudget: 128 }],
    ['gemini-2.5-flash-lite', 'minimal', { thinkingBudget: 512, includeThoughts: true }],
    ['gemini-2.5-flash', 'max', { thinkingBudget: 16384, includeThoughts: true }],
  ] as const)('%s with reasoning_effort %s → %j (one knob, a level the model has)', (model, effort, expected) => {
    expect(translate({ reasoning_effort: effort }, model).body.generationConfig?.thinkingConfig).toEqual(expected);
  });

  it('clamps configured budgets to the model, sends no knob to image models and says so', () => {
    expect(translate({ reasoning_effort: 'max' }, 'gemini-2.5-flash', { thinkingBudgets: { max: 99999 } }).body.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 24576, includeThoughts: true });
    const image = translate({ reasoning_effort: 'high' }, 'gemini-3-pro-image');
    expect(image.body.generationConfig).toBeUndefined();
    expect(image.warnings).toEqual([{ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: 'gemini-3-pro-image takes no thinking setting' }]);
  });

  it('maps n, seed and json_object, sends no penalty of 0; never injects a temperature; drops sampling where the model ignores it', () => {
    const { body } = translate({ n: 2, seed: 7, presence_penalty: 0, frequency_penalty: 0, response_format: { type: 'json_object' }, max_tokens: 50 });
    expect(body.generationConfig).toEqual({ maxOutputTokens: 50, candidateCount: 2, seed: 7, responseMimeType: 'application/json', thinkingConfig: { includeThoughts: true } });
    const argon = translate({ temperature: 0.3 }, 'gemini-4-argon');
    expect(argon.body.generationConfig).not.toHaveProperty('temperature');
    expect(argon.warnings.map((warning) => warning.parameter)).toEqual(['temperature']);
  });

  it('rejects what Gemini cannot honour, naming the field, or drops it under drop', () => {
    expect(() => translate({ logprobs: true })).toThrow(/logprobs/);
    expect(() => translate({ parallel_tool_calls: false })).toThrow(/parallel_tool_calls/);
    const dropped = translate({ user: 'u', logprobs: true }, 'gemini-3.8-flash', { unsupportedParameters: 'drop' });
    expect(dropped.warnings.map((warning) => warning.parameter)).toEqual(['user', 'logprobs']);
    // Every current Gemini model refuses penalties (issue 28 item 2): never sent.
    expect(() => translate({ presence_penalty: 0.5 })).toThrow(/presence_penalty.*Penalty is not enabled/);
    const penalties = translate({ frequency_penalty: 0.25 }, 'gemini-3.8-flash', { unsupportedParameters: 'drop' });
    expect(penalties.body.generationConfig).not.toHaveProperty('frequencyPenalty');
    expect(penalties.warnings.map((warning) => warning.parameter)).toEqual(['frequency_penalty']);
  });

  it('offers only allowed_tools, ANY without names for required, and refuses custom tools', () => {
    const tools = ['a', 'b'].map((name) => ({ type: 'function' as const, function: { name } }));
    const { body } = translate({ tools, tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'required', tools: [{ type: 'function', function: { name: 'b' } }] } } });
    expect(body.tools).toEqual([{ functionDeclarations: [{ name: 'b' }] }]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(() => translate({ tools: [{ type: 'custom', custom: { name: 'c' } }] })).toThrow(/function/);
  });
});
