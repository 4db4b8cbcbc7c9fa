import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '../errors/gateway-error.js';
import { resolvePassThroughTranslator } from './resolve-pass-through-translator.js';
import type { CallContextV1 } from './v1/call-context-v1.js';
import type { PassThroughTranslatorV1 } from './v1/pass-through-translator-v1.js';
import type { ProviderV1 } from './v1/provider-plugin-v1.js';
import type { ResponsesTranslatorV1 } from './v1/responses-translator-v1.js';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'house', upstreamModel: 'up-1', warn: () => undefined };
const chat = {} as ProviderV1['chat'];
const failure = { status: 429, headers: {}, body: '' };

const responses: ResponsesTranslatorV1 = {
  toUpstreamRequest: (request) => ({ method: 'POST', url: 'http://127.0.0.1:9/v1/responses', headers: {}, body: request, stream: false }),
  toUpstreamCompactRequest: (request) => ({ method: 'POST', url: 'http://127.0.0.1:9/v1/responses/compact', headers: {}, body: request, stream: false }),
  toGatewayError: () => new GatewayError({ status: 429, message: 'slow down' }),
};

describe('resolvePassThroughTranslator', () => {
  it("serves a v1 plugin's `responses` as the openai-responses pass-through, create and compact", () => {
    const provider: ProviderV1 = { chat, responses };
    const translator = resolvePassThroughTranslator(provider, 'openai-responses')!;
    expect(translator.toUpstreamRequest({ model: 'house' }, call, 'create').url).toBe('http://127.0.0.1:9/v1/responses');
    expect(translator.toUpstreamRequest({ model: 'house' }, call, 'compact').url).toBe('http://127.0.0.1:9/v1/responses/compact');
    expect(translator.toGatewayError(failure, call).kind).toBe('rate_limited');
    expect(resolvePassThroughTranslator(provider, 'openai-responses')).toBe(translator);
  });

  it('answers 400 for an operation the dialect has elsewhere but this vendor lacks', () => {
    const translator = resolvePassThroughTranslator({ chat, responses }, 'openai-responses')!;
    let caught: unknown;
    try {
      translator.toUpstreamRequest({ model: 'house' }, call, 'count_tokens');
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught)).toBe(true);
    expect((caught as GatewayError).status).toBe(400);
    expect((caught as GatewayError).code).toBe('unsupported_operation');
  });

  it('prefers a declared pass-through, by dialect, and has none for a dialect the vendor does not speak', () => {
    const messages: PassThroughTranslatorV1 = {
      toUpstreamRequest: (body, _call, operation) => ({ method: 'POST', url: `http://127.0.0.1:9/v1/messages/${operation}`, headers: {}, body, stream: false }),
      toGatewayError: () => new GatewayError({ status: 529, message: 'busy' }),
      usageFromResponse: () => ({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }),
    };
    const declaredResponses: PassThroughTranslatorV1 = { ...messages };
    const provider: ProviderV1 = { chat, responses, passThrough: { 'anthropic-messages': messages, 'openai-responses': declaredResponses } };
    expect(resolvePassThroughTranslator(provider, 'anthropic-messages')).toBe(messages);
    expect(resolvePassThroughTranslator(provider, 'openai-responses')).toBe(declaredResponses);
    expect(resolvePassThroughTranslator({ chat }, 'openai-responses')).toBeUndefined();
    expect(resolvePassThroughTranslator({ chat, responses }, 'anthropic-messages')).toBeUndefined();
  });
});
