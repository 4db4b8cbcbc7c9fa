import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, type CallContextV1 } from '@modelgate/core';
import plugin, { createOpenAiCompatibleProvider } from './index.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'llama-3', upstreamModel: 'llama-3', warn: () => undefined };
const context = { instanceId: 'local', logger: { debug() {}, info() {}, warn() {}, error() {} }, env: {} };

describe('@modelgate/provider-openai-compatible', () => {
  it('is a valid v1 plugin that serves nothing unlisted by default', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect([plugin.id, plugin.family, plugin.modelPatterns]).toEqual(['openai-compatible', 'openai-compatible', []]);
    expect(plugin.settingsSchema.required).toEqual(['baseUrl']);
  });

  it('takes its family, models and patterns from the settings', () => {
    const provider = plugin.create({ baseUrl: 'http://127.0.0.1:9/v1', family: 'ollama', models: ['llama-3'], modelPatterns: ['qwen-*'] }, context);
    expect(provider.family).toBe('ollama');
    expect(provider.modelPatterns).toEqual(['qwen-*', 'llama-3']);
    expect(provider.models?.map((card) => [card.id, card.ownedBy])).toEqual([['llama-3', 'ollama']]);
    expect(provider.responses).toBeUndefined();
    expect(provider).not.toHaveProperty('endpoint');
  });

  it('sends the configured key and headers and applies the configured parameter policy', () => {
    const provider = plugin.create(
      {
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: 'sk-local',
        headers: { 'x-tenant': 't1' },
        parameters: { max_completion_tokens: { renamedTo: 'max_tokens' }, seed: { unsupported: 'no seeds here' } },
      },
      context,
    );
    const upstream = provider.chat.toUpstreamRequest({ model: 'llama-3', messages: [], max_completion_tokens: 5 }, call);
    expect(upstream.headers).toEqual({ 'content-type': 'application/json', 'x-tenant': 't1', authorization: 'Bearer sk-local' });
    expect(upstream.body).toEqual({ model: 'llama-3', messages: [], max_tokens: 5 });
    expect(() => provider.chat.toUpstreamRequest({ model: 'llama-3', messages: [], seed: 1 }, call)).toThrow(/openai-compatible does not support 'seed': no seeds here/);
  });

  it('the factory gives vendor headers the last word and exposes the endpoint for a vendor’s own translators', () => {
    const provider = createOpenAiCompatibleProvider({
      connection: { baseUrl: 'http://127.0.0.1:9/v1', headers: { 'openai-organization': 'from-headers' } },
      vendorName: 'OpenAI',
      vendorHeaders: { 'openai-organization': 'org-1' },
    });
    expect(provider.endpoint.url('/responses')).toBe('http://127.0.0.1:9/v1/responses');
    expect(provider.endpoint.headers['openai-organization']).toBe('org-1');
    expect(provider.family).toBeUndefined();
  });
});
