import type { CallContextV1, ChatCompletionRequest, ChatTranslatorV1, GoogleGenerateContentRequest } from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import type { FrontPlan } from '../../front-door.js';
import { NO_USAGE, vendorCountPlan } from '../../shared/token-count-plan.js';
import { estimateRequestTokens } from '../../shared/estimate-tokens.js';
import { relayTranslatedStream } from '../../shared/relay-translated-stream.js';
import { parseUpstreamAnswer } from '../../shared/relayed-answer.js';
import type { GeminiFrontRequest } from '../gemini-request.js';
import { GeminiStreamFraming } from '../gemini-stream-framing.js';
import { bridgeGeminiEmbeddingsPlan } from './bridge-gemini-embeddings.js';
import { convertChatToGemini, mintResponseId } from './convert-chat-to-gemini.js';
import { convertGeminiRequest } from './convert-gemini-request.js';
import { GeminiChunkWriter } from './gemini-chunk-writer.js';

/** `:countTokens` by the vendor's counter where it has one, else the gateway's estimate; `{totalTokens}` either way, unbilled. */
function countTokensPlan(translator: ChatTranslatorV1, chatRequest: ChatCompletionRequest, call: CallContextV1): FrontPlan {
  const answerBody = (totalTokens: number) => ({ totalTokens });
  if (translator.countTokens) return vendorCountPlan(translator, chatRequest, call, answerBody);
  return { localAnswer: { body: answerBody(estimateRequestTokens([chatRequest.messages, chatRequest.tools], [0]).promptTokens), usage: NO_USAGE } };
}

/** The generate request a `:countTokens` body names: its `generateContentRequest`, or its `contents`. */
function countedRequest(body: Record<string, unknown>): GoogleGenerateContentRequest {
  return (body.generateContentRequest as GoogleGenerateContentRequest | undefined) ?? { contents: (body.contents as GoogleGenerateContentRequest['contents'] | undefined) ?? [] };
}

/**
 * The Gemini API for a provider that does not speak it: bridged through its chat translator, the
 * hub, as the Messages bridge does. The request becomes a chat request (convert-gemini-request), the
 * answer a `GenerateContentResponse` and a stream Gemini's chunks (gemini-chunk-writer), SSE or a
 * JSON array as asked. Embeddings go to the provider's embeddings translator.
 */
export function bridgeGeminiPlan(route: ModelRoute, request: GeminiFrontRequest, call: CallContextV1): FrontPlan {
  if (request.operation === 'embedContent' || request.operation === 'batchEmbedContents') return bridgeGeminiEmbeddingsPlan(route, request, call);
  const translator = route.instance.provider.chat;
  if (request.operation === 'countTokens') return countTokensPlan(translator, convertGeminiRequest(countedRequest(request.body), route, call, false), call);
  const body = request.body as GoogleGenerateContentRequest;
  const chatRequest = convertGeminiRequest(body, route, call, request.stream);
  const includeThoughts = body.generationConfig?.thinkingConfig?.includeThoughts === true;
  return {
    upstreamRequest: translator.toUpstreamRequest(chatRequest, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), call);
      return { body: convertChatToGemini(response, request.model, includeThoughts), usage: response.usage };
    },
    holdsAnswer: true,
    streamHeaders: GeminiStreamFraming.headersFor(request.sse),
    relay(input) {
      const framing = new GeminiStreamFraming(request.sse);
      const writer = new GeminiChunkWriter(framing, request.model, mintResponseId(), includeThoughts);
      return relayTranslatedStream(input, translator.createStreamTranslator(chatRequest, call), {
        encode: (item) => writer.write(item.chunk),
        end: () => writer.finishStream(),
        failure: (error) => framing.failure(error),
      });
    },
  };
}
