import { invalidRequest, type CallContextV1, type EmbeddingsRequest, type EmbeddingsResponse, type GoogleContent } from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import type { FrontPlan } from '../../front-door.js';
import { parseUpstreamAnswer } from '../../shared/relayed-answer.js';
import type { GeminiFrontRequest } from '../gemini-request.js';

interface EmbedRequest {
  content: GoogleContent;
  outputDimensionality?: number;
}

function textOf(content: GoogleContent): string {
  return (content.parts ?? []).map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

function floatsOf(embedding: EmbeddingsResponse['data'][number]['embedding']): number[] {
  return typeof embedding === 'string' ? [] : embedding;
}

/**
 * `:embedContent` and `:batchEmbedContents` for an embedding model of another family (OpenAI's,
 * a compatible server's): its texts as one `/v1/embeddings` request, the vectors back as Gemini's
 * `{embedding: {values}}` or `{embeddings: [...]}`. One dimensionality per request, as OpenAI takes it.
 */
export function bridgeGeminiEmbeddingsPlan(route: ModelRoute, request: GeminiFrontRequest, call: CallContextV1): FrontPlan {
  const translator = route.instance.provider.embeddings;
  if (!translator) {
    throw invalidRequest(`The model '${route.publicId}' (family '${route.instance.family}') has no embeddings API: :${request.operation} takes an embedding model.`, 'model', 'unsupported_model_for_endpoint');
  }
  const requests = request.operation === 'batchEmbedContents' ? ((request.body as { requests: EmbedRequest[] }).requests) : [request.body as unknown as EmbedRequest];
  const dimensions = new Set(requests.map((one) => one.outputDimensionality));
  if (dimensions.size > 1) throw invalidRequest('Every request of a batch must ask for the same outputDimensionality for this model.', 'requests', 'invalid_value');
  const [dimension] = dimensions;
  const embeddings: EmbeddingsRequest = { model: route.publicId, input: requests.map((one) => textOf(one.content)), ...(dimension !== undefined && { dimensions: dimension }) };
  return {
    upstreamRequest: translator.toUpstreamRequest(embeddings, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      const parsed = parseUpstreamAnswer(text);
      const response = translator.relaysResponseVerbatim ? (parsed as EmbeddingsResponse) : translator.fromUpstreamResponse(parsed, embeddings, call);
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => ({ values: floatsOf(item.embedding) }));
      const prompt = response.usage?.prompt_tokens ?? 0;
      const body = request.operation === 'batchEmbedContents' ? { embeddings: vectors } : { embedding: vectors[0] };
      return { body, usage: { prompt_tokens: prompt, completion_tokens: 0, total_tokens: prompt } };
    },
    relay: () => Promise.reject(new Error('An embedding is never streamed.')),
  };
}
