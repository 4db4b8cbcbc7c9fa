import { describe, expect, it, jest } from '@jest/globals';
import type { CallContextV1, GoogleGenerateContentRequest, ProviderV1 } from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import { encodeCarrier } from '../../shared/reasoning-carrier.js';
import { convertGeminiRequest } from './convert-gemini-request.js';

const instance = { id: 'openai', family: 'openai', source: '(test)', plugin: {} as never, provider: {} as ProviderV1, unlistedModelPatterns: [] };
const route: ModelRoute = { publicId: 'gpt-4.1', upstreamModel: 'gpt-4.1', instance, created: 0, aliases: [], deployments: [], strategy: 'ordered' as ModelRoute['strategy'], fallbacks: [] };

function convert(request: Partial<GoogleGenerateContentRequest>, warn = jest.fn()) {
  const call: CallContextV1 = { requestId: 'r', publicModel: 'gpt-4.1', upstreamModel: 'gpt-4.1', warn };
  return convertGeminiRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], ...request }, route, call, false);
}

describe('convertGeminiRequest (Gemini → hub, for another family)', () => {
  it('maps the system instruction, generation settings, thinking and a response schema', () => {
    const chat = convert({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.3, topP: 0.9, maxOutputTokens: 50, stopSequences: ['END'], responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true } } }, thinkingConfig: { thinkingBudget: 4096 } },
    });
    expect(chat).toEqual({
      model: 'gpt-4.1',
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }],
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 50,
      stop: ['END'],
      reasoning_effort: 'medium',
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object', properties: { a: { type: ['string', 'null'] } } }, strict: true } },
    });
  });

  it('pairs a function response without an id with the open call of its name, and takes the gateway\'s carriers back', () => {
    const chat = convert({
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } }, thoughtSignature: encodeCarrier({ details: [{ type: 'reasoning.encrypted', data: 'sig', format: 'anthropic-claude-v1' }] }) }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 4 } } }] },
      ],
    });
    expect(chat.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }], reasoning_details: [{ type: 'reasoning.encrypted', data: 'sig', format: 'anthropic-claude-v1' }] },
      { role: 'tool', tool_call_id: 'call_1_0', content: '{"temperature":4}' },
    ]);
  });

  it('drops a Gemini signature (not the gateway\'s carrier): it means nothing to another family', () => {
    const chat = convert({ contents: [{ role: 'user', parts: [{ text: 'a' }] }, { role: 'model', parts: [{ text: 'b', thoughtSignature: 'CiQB-gemini-own' }] }, { role: 'user', parts: [{ text: 'c' }] }] });
    expect(chat.messages[1]).toEqual({ role: 'assistant', content: 'b' });
  });

  it.each<[string, Partial<GoogleGenerateContentRequest>, string]>([
    ['a strict safety threshold', { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] }, 'safetySettings'],
    ['several candidates', { generationConfig: { candidateCount: 2 } }, 'candidateCount'],
    ['Google Search', { tools: [{ googleSearch: {} }] }, "'googleSearch'"],
    ['a Files API file', { contents: [{ role: 'user', parts: [{ fileData: { mimeType: 'application/pdf', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc' } }] }] }, 'fileData'],
    ['a cached content', { cachedContent: 'cachedContents/x' }, 'cachedContent'],
  ])('refuses %s with a 400 naming it', (_what, request, named) => {
    expect(() => convert(request)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(named) }));
  });

  it('honours BLOCK_NONE and OFF by sending nothing, and drops topK with a warning', () => {
    const warn = jest.fn();
    const chat = convert({ safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }, { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' }], generationConfig: { topK: 40 } }, warn);
    expect(Object.keys(chat)).toEqual(['model', 'messages']);
    expect(warn).toHaveBeenCalledWith({ kind: 'dropped-parameter', parameter: 'generationConfig.topK', reason: 'no counterpart on openai' });
  });
});
