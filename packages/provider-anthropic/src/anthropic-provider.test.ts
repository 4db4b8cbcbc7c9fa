import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, resolvePassThroughTranslator, settingsFromEnvironment } from '@modelgate/core';
import plugin from './index.js';

const logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('@modelgate/provider-anthropic', () => {
  it('is a valid v1 plugin', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect(plugin.id).toBe('anthropic');
  });

  it('declares the environment it is served from: the key enables it, the base URL is optional', () => {
    expect(settingsFromEnvironment(plugin.environment, { ANTHROPIC_API_KEY: 'sk-ant-x' })).toEqual({ apiKey: 'sk-ant-x' });
    expect(settingsFromEnvironment(plugin.environment, { ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual({
      apiKey: 'sk-ant-x',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(settingsFromEnvironment(plugin.environment, { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1' })).toBeUndefined();
  });

  it('relays no vendor answer headers, and passes its own dialect (Messages) through, not Responses', () => {
    const provider = plugin.create({ apiKey: 'x' }, { instanceId: 'anthropic', logger, env: {} });
    expect(provider.relayedResponseHeaders).toBeUndefined();
    expect(resolvePassThroughTranslator(provider, 'anthropic-messages')).toMatchObject({ toUpstreamRequest: expect.any(Function), toGatewayError: expect.any(Function) });
    expect(resolvePassThroughTranslator(provider, 'openai-responses')).toBeUndefined();
  });
});
