import { describe, expect, it } from '@jest/globals';
import { GatewayError, type CallContextV1, type ChatCompletionResponse } from '@modelgate/core';
import { createOpenAiCompatibleChatTranslator } from './openai-compatible-chat-translator.js';
import { createOpenAiCompatibleEndpoint } from './openai-compatible-endpoint.js';
import type { OpenAiCompatibleHooks } from './openai-compatible-hooks.js';
import type { OpenAiCompatibleParameterPolicy } from './openai-compatible-parameter-policy.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'house', upstreamModel: 'deep-1', warn: () => undefined };
const endpoint = createOpenAiCompatibleEndpoint({ baseUrl: 'http://127.0.0.1:9/v1/', apiKey: 'sk-x' });
const answer: ChatCompletionResponse = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'deep-1',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, prompt_cache_hit_tokens: 8 } as never,
};

function translator(hooks: OpenAiCompatibleHooks) {
  return createOpenAiCompatibleChatTranslator({ endpoint, vendorName: 'Deep', hooks });
}

describe('createOpenAiCompatibleChatTranslator hooks', () => {
  it('without hooks sends the body as sent with the model replaced, and relays answers verbatim', () => {
    const plain = translator({});
    const request = { model: 'house', messages: [{ role: 'user' as const, content: 'hi' }], vendor_field: true } as never;
    expect(plain.toUpstreamRequest(request, call)).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x' },
      body: { model: 'deep-1', messages: [{ role: 'user', content: 'hi' }], vendor_field: true },
      stream: false,
    });
    expect(plain.relaysResponseVerbatim).toBe(true);
    expect(plain.fromUpstreamResponse(answer, call)).toBe(answer);
  });

  it('request: changes the body and headers after the model was replaced, and sees the client request', () => {
    const withReasoning = translator({
      request: ({ body, headers }, context) => ({
        body: { ...body, thinking: { type: 'enabled' }, seen_model: context.request.model, upstream: context.call.upstreamModel },
        headers: { ...headers, 'x-vendor': context.vendorName },
      }),
    });
    const upstream = withReasoning.toUpstreamRequest({ model: 'house', messages: [], stream: true }, call);
    expect(upstream.body).toEqual({ model: 'deep-1', messages: [], stream: true, stream_options: { include_usage: true }, thinking: { type: 'enabled' }, seen_model: 'house', upstream: 'deep-1' });
    expect(upstream.headers).toMatchObject({ authorization: 'Bearer sk-x', 'x-vendor': 'Deep' });
    expect(upstream.stream).toBe(true);
  });

  it('response: changes the answer, which is then re-encoded rather than relayed verbatim', () => {
    const renamed = translator({ response: (response) => ({ ...response, model: `deep/${response.model}` }) });
    expect(renamed.relaysResponseVerbatim).toBe(false);
    expect(renamed.fromUpstreamResponse(answer, call).model).toBe('deep/deep-1');
  });

  it('usage: normalises the usage the gateway counts, keeping verbatim relay', () => {
    const counted = translator({
      usage: (usage) => ({ ...usage, prompt_tokens_details: { cached_tokens: (usage as unknown as { prompt_cache_hit_tokens: number }).prompt_cache_hit_tokens } }),
    });
    expect(counted.relaysResponseVerbatim).toBe(true);
    expect(counted.fromUpstreamResponse(answer, call).usage?.prompt_tokens_details).toEqual({ cached_tokens: 8 });
  });

  it('error: maps a vendor error body to a GatewayError of the right kind, else the OpenAI mapping', () => {
    const mapped = translator({
      error: (failure) =>
        failure.status === 402 ? new GatewayError({ status: 429, message: 'Insufficient Balance', code: 'insufficient_quota', kind: 'insufficient_quota' }) : undefined,
    });
    const balance = mapped.toGatewayError({ status: 402, headers: {}, body: '{"error":{"message":"Insufficient Balance"}}' }, call);
    expect([balance.status, balance.kind, balance.code]).toEqual([429, 'insufficient_quota', 'insufficient_quota']);
    const overloaded = mapped.toGatewayError({ status: 503, headers: { 'retry-after': '2' }, body: '{"error":{"message":"busy","type":"server_error"}}' }, call);
    expect([overloaded.status, overloaded.kind, overloaded.headers]).toEqual([503, 'overloaded', { 'retry-after': '2' }]);
  });

  it('applies the parameter policy before the request hook', () => {
    const seen: unknown[] = [];
    const withPolicy = createOpenAiCompatibleChatTranslator({
      endpoint,
      vendorName: 'Deep',
      parameters: { rules: { max_completion_tokens: { renamedTo: 'max_tokens' } } },
      hooks: { request: (upstream) => (seen.push(upstream.body), upstream) },
    });
    withPolicy.toUpstreamRequest({ model: 'house', messages: [], max_completion_tokens: 9 }, call);
    expect(seen).toEqual([{ model: 'deep-1', messages: [], max_tokens: 9 }]);
  });

  it('chooses the parameter policy per request when given a function of the request', () => {
    const perRequest = createOpenAiCompatibleChatTranslator({
      endpoint,
      vendorName: 'Deep',
      // A vendor that refuses temperature only while it thinks.
      parameters: (request): OpenAiCompatibleParameterPolicy => ({
        rules: request.reasoning_effort === 'none' ? {} : { temperature: { unsupported: 'ignored while thinking' } },
      }),
    });
    const plain = perRequest.toUpstreamRequest({ model: 'house', messages: [], temperature: 0.3, reasoning_effort: 'none' }, call);
    expect(plain.body).toMatchObject({ temperature: 0.3 });
    expect(() => perRequest.toUpstreamRequest({ model: 'house', messages: [], temperature: 0.3 }, call)).toThrow(/Deep does not support 'temperature': ignored while thinking/);
  });
});
