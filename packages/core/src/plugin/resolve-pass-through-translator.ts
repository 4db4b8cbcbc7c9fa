import { invalidRequest } from '../errors/gateway-errors.js';
import type { AnthropicMessagesRequest } from '../protocol/anthropic-messages/anthropic-messages-request.js';
import type { ResponsesRequest } from '../protocol/v1/responses.js';
import type { PassThroughDialectV1, PassThroughTranslatorV1 } from './v1/pass-through-translator-v1.js';
import type { ProviderV1 } from './v1/provider-plugin-v1.js';
import type { ResponsesTranslatorV1 } from './v1/responses-translator-v1.js';

/** A 400 for a side endpoint the vendor does not offer (Anthropic's `count_tokens` on a look-alike). */
export function unsupportedPassThroughOperation(dialect: PassThroughDialectV1, operation: string): ReturnType<typeof invalidRequest> {
  return invalidRequest(`This model's provider does not offer the '${operation}' operation of ${dialect}.`, null, 'unsupported_operation');
}

/** `responses` as the pass-through it always was: `create` and `compact`, and `input_tokens` when it counts. */
export function passThroughFromResponses(responses: ResponsesTranslatorV1): PassThroughTranslatorV1<ResponsesRequest> {
  return {
    toUpstreamRequest(body, call, operation) {
      if (operation === 'create') return responses.toUpstreamRequest(body, call);
      if (operation === 'compact') return responses.toUpstreamCompactRequest(body, call);
      if (operation === 'input_tokens' && responses.toUpstreamInputTokensRequest) return responses.toUpstreamInputTokensRequest(body, call);
      throw unsupportedPassThroughOperation('openai-responses', operation);
    },
    toGatewayError: (failure, call) => responses.toGatewayError(failure, call),
  };
}

const adaptedResponses = new WeakMap<ResponsesTranslatorV1, PassThroughTranslatorV1<ResponsesRequest>>();

/**
 * The translator a provider offers for same-dialect traffic of `dialect`, or undefined when the
 * vendor does not speak it (the front then bridges through the chat translator, or refuses). A
 * v1 plugin's `responses` serves `openai-responses` when it declares no `passThrough` for it.
 */
export function resolvePassThroughTranslator(provider: ProviderV1, dialect: 'openai-responses'): PassThroughTranslatorV1<ResponsesRequest> | undefined;
export function resolvePassThroughTranslator(provider: ProviderV1, dialect: 'anthropic-messages'): PassThroughTranslatorV1<AnthropicMessagesRequest> | undefined;
export function resolvePassThroughTranslator(provider: ProviderV1, dialect: PassThroughDialectV1): PassThroughTranslatorV1 | undefined;
export function resolvePassThroughTranslator(provider: ProviderV1, dialect: PassThroughDialectV1): PassThroughTranslatorV1<ResponsesRequest> | PassThroughTranslatorV1 | undefined {
  const declared = provider.passThrough?.[dialect];
  if (declared || dialect !== 'openai-responses' || !provider.responses) return declared;
  let adapted = adaptedResponses.get(provider.responses);
  if (!adapted) {
    adapted = passThroughFromResponses(provider.responses);
    adaptedResponses.set(provider.responses, adapted);
  }
  return adapted;
}
