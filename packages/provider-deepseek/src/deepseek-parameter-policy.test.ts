import { describe, expect, it } from '@jest/globals';
import { type ChatCompletionRequest, type TranslationWarningV1 } from '@modelgate/core';
import plugin, { type DeepSeekSettings } from './index.js';
import { thrownGatewayError } from './thrown-gateway-error.test-helper.js';

function translate(request: Partial<ChatCompletionRequest>, settings: DeepSeekSettings = {}) {
  const warnings: TranslationWarningV1[] = [];
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const provider = plugin.create(settings, { instanceId: 'deepseek', logger, env: {} });
  const upstream = provider.chat.toUpstreamRequest({ model: 'deep', messages: [{ role: 'user', content: 'hi' }], ...request } as ChatCompletionRequest, {
    requestId: 'req_1',
    publicModel: 'deep',
    upstreamModel: 'deepseek-flash',
    warn: (warning) => void warnings.push(warning),
  });
  return { body: upstream.body as Record<string, unknown>, warnings };
}

function refusal(request: Partial<ChatCompletionRequest>) {
  return thrownGatewayError(() => translate(request));
}

describe('DeepSeek’s parameter policy', () => {
  it.each(['temperature', 'presence_penalty', 'frequency_penalty'] as const)('drops %s while thinking with a warning (DeepSeek ignores it), never a 400; passes it without thinking', (field) => {
    const { body, warnings } = translate({ [field]: 0.5 });
    expect(body).not.toHaveProperty(field);
    expect(warnings).toEqual([{ kind: 'dropped-parameter', parameter: field, reason: "DeepSeek ignores it while thinking (send reasoning_effort 'none' to answer without thinking)" }]);
    expect(translate({ [field]: 0.5, reasoning_effort: 'none' }).body[field]).toBe(0.5);
  });

  it('drops the default values while thinking without a warning, and sends top_p as sent', () => {
    const { body, warnings } = translate({ temperature: 1, presence_penalty: 0, frequency_penalty: 0, top_p: 0.97 });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('presence_penalty');
    expect(body.top_p).toBe(0.97);
    expect(warnings).toEqual([]);
  });

  it('refuses log probabilities while thinking, and takes logprobs: false', () => {
    expect(refusal({ logprobs: true }).param).toBe('logprobs');
    expect(translate({ logprobs: false }).body.logprobs).toBe(false);
    expect(translate({ logprobs: true, top_logprobs: 2, reasoning_effort: 'none' }).body).toMatchObject({ logprobs: true, top_logprobs: 2 });
  });

  it('drops them with one warning each under unsupportedParameters: drop', () => {
    const { body, warnings } = translate({ top_logprobs: 2, logprobs: true }, { unsupportedParameters: 'drop' });
    expect(body).not.toHaveProperty('top_logprobs');
    expect(body).not.toHaveProperty('logprobs');
    expect(warnings.map((warning) => warning.kind === 'dropped-parameter' && warning.parameter)).toEqual(['top_logprobs', 'logprobs']);
  });

  it('refuses what DeepSeek never offers, and lets the default values pass', () => {
    expect(refusal({ n: 2 }).param).toBe('n');
    expect(refusal({ seed: 7 }).param).toBe('seed');
    expect(refusal({ parallel_tool_calls: false, tools: [{ type: 'function', function: { name: 'f' } }] }).param).toBe('parallel_tool_calls');
    expect(translate({ n: 1, store: false, service_tier: 'auto', parallel_tool_calls: true }).body).toMatchObject({ n: 1, store: false, service_tier: 'auto', parallel_tool_calls: true });
  });

  it('renames max_completion_tokens and the end-user id to DeepSeek’s fields', () => {
    expect(translate({ max_completion_tokens: 64, user: 'user-42' }).body).toMatchObject({ max_tokens: 64, user_id: 'user-42' });
    expect(translate({ safety_identifier: 'hash_9' }).body).toMatchObject({ user_id: 'hash_9' });
    const email = refusal({ user: 'ann@example.com' });
    expect([email.param, email.message]).toEqual(['user', expect.stringMatching(/user_id takes only letters, digits, '-' and '_'/)]);
  });
});
