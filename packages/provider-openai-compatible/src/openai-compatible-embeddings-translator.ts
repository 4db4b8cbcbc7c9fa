import { openAiCompatibleError, type EmbeddingsResponse, type EmbeddingsTranslatorV1 } from '@modelgate/core';
import type { OpenAiCompatibleEndpoint } from './openai-compatible-endpoint.js';

/**
 * `/v1/embeddings` on a server that speaks OpenAI's embeddings API: the client's body with the
 * upstream model, the answer relayed byte for byte (its `usage` read for accounting).
 */
export function createOpenAiCompatibleEmbeddingsTranslator(endpoint: OpenAiCompatibleEndpoint, vendorName: string, path = '/embeddings'): EmbeddingsTranslatorV1 {
  const url = endpoint.url(path);
  return {
    relaysResponseVerbatim: true,
    toUpstreamRequest(request, call) {
      return { method: 'POST', url, headers: endpoint.headers, body: { ...request, model: call.upstreamModel }, stream: false };
    },
    fromUpstreamResponse(body) {
      return body as EmbeddingsResponse;
    },
    toGatewayError(failure) {
      return openAiCompatibleError(failure, vendorName);
    },
  };
}
