import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, settingsFromEnvironment, type CallContextV1, type ChatCompletionRequest } from '@modelgate/core';
import { createGoogleUpstreamEndpoint } from './google-upstream-endpoint.js';
import plugin from './index.js';

describe('@modelgate/provider-google', () => {
  it('is a valid v1 plugin serving gemini-* with a card for every current id', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect([plugin.id, plugin.family, plugin.modelPatterns]).toEqual(['google', 'google', ['gemini-*']]);
    const cards = plugin.create({}, { instanceId: 'google', logger: { debug() {}, info() {}, warn() {}, error() {} }, env: {} }).models!;
    expect(cards.map((card) => card.id)).toEqual(expect.arrayContaining(['gemini-4-argon', 'gemini-3.8-flash', 'gemini-3.1-pro-preview', 'gemini-2.5-flash-lite']));
    expect(cards.find((card) => card.id === 'gemini-2.5-pro')!.description).toMatch(/^Retiring/);
  });

  it('is served from GEMINI_API_KEY or GOOGLE_API_KEY (which wins, as in Google’s SDKs), with an optional base URL', () => {
    expect(settingsFromEnvironment(plugin.environment, { GEMINI_API_KEY: 'g' })).toEqual({ apiKey: 'g' });
    expect(settingsFromEnvironment(plugin.environment, { GEMINI_API_KEY: 'g', GOOGLE_API_KEY: 'o', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9' })).toEqual({ apiKey: 'o', baseUrl: 'http://127.0.0.1:9' });
    expect(settingsFromEnvironment(plugin.environment, { GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9' })).toBeUndefined();
  });

  it.each([
    [undefined, 'https://generativelanguage.googleapis.com/v1beta/models/gemini-3.8-flash:generateContent', 'json-schema'],
    ['http://127.0.0.1:9', 'http://127.0.0.1:9/v1beta/models/gemini-3.8-flash:generateContent', 'json-schema'],
    ['http://127.0.0.1:9/v1beta/', 'http://127.0.0.1:9/v1beta/models/gemini-3.8-flash:generateContent', 'json-schema'],
    ['http://127.0.0.1:9/v1', 'http://127.0.0.1:9/v1/models/gemini-3.8-flash:generateContent', 'legacy'],
  ])('takes the base URL %s with or without its version', (baseUrl, url, dialect) => {
    const endpoint = createGoogleUpstreamEndpoint({ baseUrl, apiKey: 'k' });
    expect([endpoint.generateUrl('gemini-3.8-flash'), endpoint.schemaDialect, endpoint.headers['x-goog-api-key']]).toEqual([url, dialect, 'k']);
  });

  it('tags signatures with the model and the endpoint: the same model on another endpoint gets the placeholder (issue 28 item 5)', () => {
    const logger = { debug() {}, info() {}, warn() {}, error() {} };
    const at = (baseUrl: string) => plugin.create({ baseUrl, apiKey: 'k' }, { instanceId: 'google', logger, env: {} }).chat;
    const call: CallContextV1 = { requestId: 'r', publicModel: 'gemini-3.8-flash', upstreamModel: 'gemini-3.8-flash', warn() {} };
    const tool = { type: 'function' as const, function: { name: 'f' } };
    const ask: ChatCompletionRequest = { model: 'gemini-3.8-flash', messages: [{ role: 'user', content: 'q' }], tools: [tool] };
    const studio = at('https://generativelanguage.googleapis.com');
    studio.toUpstreamRequest(ask, call);
    const answer = studio.fromUpstreamResponse({ candidates: [{ content: { parts: [{ functionCall: { id: 'c1', name: 'f', args: {} }, thoughtSignature: 'U0lH' }] }, finishReason: 'STOP' }] }, call);
    const message = answer.choices[0]!.message;
    expect(message.tool_calls![0]!.extra_content).toEqual({ google: { thought_signature: expect.stringMatching(/^mg-gemini-1:gemini-3\.8-flash@[0-9a-f]{8}:U0lH$/) } });
    const next: ChatCompletionRequest = { ...ask, messages: [...ask.messages, { ...message, content: null }, { role: 'tool', tool_call_id: 'c1', content: 'ok' }] };
    const firstCall = (chat: typeof studio) => (chat.toUpstreamRequest(next, call).body as { contents: Array<{ parts: Array<Record<string, unknown>> }> }).contents[1]!.parts[0];
    expect(firstCall(studio)).toMatchObject({ thoughtSignature: 'U0lH' });
    expect(firstCall(at('https://gemini-proxy.example.com'))).toMatchObject({ thoughtSignature: 'skip_thought_signature_validator' });
  });
});
