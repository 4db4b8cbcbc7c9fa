import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, type CallContextV1 } from '@modelgate/core';
import plugin from './index.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'house', upstreamModel: 'gpt-4.1', warn: () => undefined };
const logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('@modelgate/provider-openai', () => {
  it('is a valid v1 plugin', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect(plugin.id).toBe('openai');
  });

  it('passes the body through with only the model replaced, to the configured base URL', () => {
    const provider = plugin.create({ apiKey: 'sk-x', baseUrl: 'http://127.0.0.1:9/v1/', organization: 'org-1' }, { instanceId: 'openai', logger, env: {} });
    const request = provider.chat.toUpstreamRequest(
      { model: 'house', messages: [{ role: 'user', content: 'hi' }], stream: true, brand_new_field: 3 } as never,
      call,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x', 'openai-organization': 'org-1' },
      body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], stream: true, brand_new_field: 3 },
      stream: true,
    });
  });

  it('sends no Authorization header when no key is configured', () => {
    const provider = plugin.create({ baseUrl: 'http://127.0.0.1:9/v1' }, { instanceId: 'openai', logger, env: {} });
    expect(provider.chat.toUpstreamRequest({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, call).headers).toEqual({
      'content-type': 'application/json',
    });
  });

  it('refuses an answer that is not a chat completion', () => {
    const provider = plugin.create({}, { instanceId: 'openai', logger, env: {} });
    expect(() => provider.chat.fromUpstreamResponse({ nope: true }, call)).toThrow(/not a chat completion/);
  });
});
