import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, resolvePassThroughTranslator, settingsFromEnvironment, type CallContextV1 } from '@modelgate/core';
import plugin from './index.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'house', upstreamModel: 'gpt-4.1', warn: () => undefined };
const logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('@modelgate/provider-openai', () => {
  it('is a valid v1 plugin', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect(plugin.id).toBe('openai');
  });

  it('passes the body through with only the model replaced (and a stream asked for its usage), to the configured base URL', () => {
    const provider = plugin.create({ apiKey: 'sk-x', baseUrl: 'http://127.0.0.1:9/v1/', organization: 'org-1' }, { instanceId: 'openai', logger, env: {} });
    const request = provider.chat.toUpstreamRequest(
      { model: 'house', messages: [{ role: 'user', content: 'hi' }], stream: true, brand_new_field: 3 } as never,
      call,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x', 'openai-organization': 'org-1' },
      body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], stream: true, brand_new_field: 3, stream_options: { include_usage: true } },
      stream: true,
    });
  });

  it("sends max_tokens as OpenAI's max_completion_tokens (its reasoning models refuse max_tokens), never over one the client set", () => {
    const provider = plugin.create({ apiKey: 'sk-x' }, { instanceId: 'openai', logger, env: {} });
    const body = (request: Record<string, unknown>) => provider.chat.toUpstreamRequest({ model: 'house', messages: [{ role: 'user', content: 'hi' }], ...request } as never, call).body;
    expect(body({ max_tokens: 50 })).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 50 });
    expect(body({ max_tokens: 50, max_completion_tokens: 70 })).toMatchObject({ max_completion_tokens: 70 });
    expect(body({ max_tokens: 50, max_completion_tokens: 70 })).not.toHaveProperty('max_tokens');
  });

  it('sends no Authorization header when no key is configured', () => {
    const provider = plugin.create({ baseUrl: 'http://127.0.0.1:9/v1' }, { instanceId: 'openai', logger, env: {} });
    expect(provider.chat.toUpstreamRequest({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, call).headers).toEqual({
      'content-type': 'application/json',
    });
  });

  it('declares the environment it is served from and the answer headers a client may use', () => {
    expect(settingsFromEnvironment(plugin.environment, { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual({
      apiKey: 'sk-x',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(settingsFromEnvironment(plugin.environment, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toBeUndefined();
    expect(plugin.environment?.find((variable) => variable.name === 'OPENAI_API_KEY')?.secret).toBe(true);
    const provider = plugin.create({}, { instanceId: 'openai', logger, env: {} });
    expect(provider.relayedResponseHeaders).toEqual(['openai-model', 'openai-processing-ms', 'openai-version']);
  });

  it('serves the Responses dialect as a pass-through, create and compact', () => {
    const provider = plugin.create({ baseUrl: 'http://127.0.0.1:9/v1' }, { instanceId: 'openai', logger, env: {} });
    const translator = resolvePassThroughTranslator(provider, 'openai-responses')!;
    const body = { model: 'house', input: 'hi', stream: true };
    expect(translator.toUpstreamRequest(body, call, 'create')).toMatchObject({ url: 'http://127.0.0.1:9/v1/responses', body: { ...body, model: 'gpt-4.1' }, stream: true });
    expect(translator.toUpstreamRequest(body, call, 'compact')).toMatchObject({ url: 'http://127.0.0.1:9/v1/responses/compact', stream: false });
    expect(resolvePassThroughTranslator(provider, 'anthropic-messages')).toBeUndefined();
  });

  it('refuses an answer that is not a chat completion', () => {
    const provider = plugin.create({}, { instanceId: 'openai', logger, env: {} });
    expect(() => provider.chat.fromUpstreamResponse({ nope: true }, call)).toThrow(/not a chat completion/);
  });
});
