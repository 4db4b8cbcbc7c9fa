import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems, settingsFromEnvironment, type CallContextV1, type ChatCompletionChunk, type ChatCompletionResponse } from '@modelgate/core';
import plugin from './index.js';
import { thrownGatewayError } from './thrown-gateway-error.test-helper.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'deep', upstreamModel: 'deepseek-v4-pro', warn: () => undefined };
const logger = { debug() {}, info() {}, warn() {}, error() {} };
const provider = plugin.create({ apiKey: 'sk-ds' }, { instanceId: 'deepseek', logger, env: {} });
const USAGE = { prompt_tokens: 100, completion_tokens: 30, total_tokens: 130, prompt_cache_hit_tokens: 64, prompt_cache_miss_tokens: 36, completion_tokens_details: { reasoning_tokens: 20 } };

describe('@modelgate/provider-deepseek', () => {
  it('is a valid v1 plugin serving deepseek-* from DEEPSEEK_API_KEY', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    expect([plugin.id, plugin.family, plugin.modelPatterns]).toEqual(['deepseek', 'deepseek', ['deepseek-*']]);
    expect(settingsFromEnvironment(plugin.environment, { DEEPSEEK_API_KEY: 'sk-ds' })).toEqual({ apiKey: 'sk-ds' });
    expect(settingsFromEnvironment(plugin.environment, {})).toBeUndefined();
    expect(provider.relayedResponseHeaders).toEqual(['x-ds-trace-id']);
  });

  it('ships cards for DeepSeek’s current ids, input at the cache-miss price and cachedInput at the cache-hit price', () => {
    expect(provider.models?.map((card) => [card.id, card.contextWindow, card.maxOutputTokens, card.pricing])).toEqual([
      ['deepseek-flash', 1_000_000, 384_000, { input: 0.3, output: 1.2, cachedInput: 0.006 }],
      ['deepseek-v4-pro', 1_000_000, 384_000, { input: 1.32, output: 3.96, cachedInput: 0.044 }],
    ]);
    expect(provider.models?.map((card) => [card.displayName, card.capabilities?.vision, card.capabilities?.reasoning])).toEqual([
      ['DeepSeek V4.1 Flash', true, true],
      ['DeepSeek V4 Pro', false, true],
    ]);
  });

  it('answers: keeps reasoning_content and adds OpenAI’s cached_tokens from prompt_cache_hit_tokens', () => {
    const answer = {
      id: 'x',
      object: 'chat.completion',
      created: 1,
      model: 'deepseek-v4-pro',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', reasoning_content: 'Greet.' }, finish_reason: 'stop', logprobs: null }],
      usage: USAGE,
    } as unknown as ChatCompletionResponse;
    expect(provider.chat.relaysResponseVerbatim).toBe(false);
    const response = provider.chat.fromUpstreamResponse(answer, call);
    expect(response.choices[0]!.message.reasoning_content).toBe('Greet.');
    expect(response.usage).toEqual({ ...USAGE, prompt_tokens_details: { cached_tokens: 64 } });
  });

  it('streams: relays chunks as DeepSeek’s bytes, re-encodes only the usage chunk', () => {
    const translator = provider.chat.createStreamTranslator({ model: 'deep', messages: [], stream: true, stream_options: { include_usage: true } }, call);
    const reasoning = '{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":null,"reasoning_content":"Think"},"finish_reason":null}]}';
    expect(translator.onEvent({ data: reasoning })).toEqual([{ chunk: JSON.parse(reasoning), serialized: reasoning }]);
    const usage = JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: USAGE });
    const [counted] = translator.onEvent({ data: usage });
    expect(counted!.serialized).toBeUndefined();
    expect((counted!.chunk as ChatCompletionChunk).usage?.prompt_tokens_details).toEqual({ cached_tokens: 64 });
  });

  it('fails an answer DeepSeek cut short for lack of resources as a retryable 503, whole or streamed', () => {
    const cut = { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Par' }, finish_reason: 'insufficient_system_resource' }] };
    const whole = thrownGatewayError(() => provider.chat.fromUpstreamResponse(cut, call));
    expect([whole.status, whole.kind, whole.code]).toEqual([503, 'overloaded', 'insufficient_system_resource']);
    const translator = provider.chat.createStreamTranslator({ model: 'deep', messages: [], stream: true }, call);
    const finish = '{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"insufficient_system_resource"}]}';
    expect(thrownGatewayError(() => translator.onEvent({ data: finish })).kind).toBe('overloaded');
  });

  it('maps 402 Insufficient Balance to insufficient_quota, 422 to a 400, and the rest as OpenAI’s', () => {
    const failure = (status: number, message: string) => ({ status, headers: {}, body: JSON.stringify({ error: { message, type: 'unknown_error', param: null, code: 'invalid_request_error' } }) });
    const balance = provider.chat.toGatewayError(failure(402, 'Insufficient Balance'), call);
    expect([balance.status, balance.kind, balance.toBody()]).toEqual([
      402,
      'insufficient_quota',
      { message: 'Insufficient Balance: the DeepSeek account behind this gateway is out of credit.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
    ]);
    const invalid = provider.chat.toGatewayError(failure(422, 'Invalid Parameters'), call);
    expect([invalid.status, invalid.kind, invalid.message]).toEqual([400, 'invalid_request', 'Invalid Parameters']);
    expect(provider.chat.toGatewayError({ status: 429, headers: { 'retry-after': '3' }, body: '{"error":{"message":"Rate Limit Reached"}}' }, call).kind).toBe('rate_limited');
  });
});
