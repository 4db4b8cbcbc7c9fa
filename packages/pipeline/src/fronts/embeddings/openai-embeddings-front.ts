import { embeddingsRequestSchema, invalidRequest, type CompletionUsage, type EmbeddingsRequest, type GatewayError } from '@modelgate/core';
import type { ModelRoute } from '../../routing/model-router.js';
import { createBodyValidator } from '../../validation/validate-request-body.js';
import type { FrontDoor, FrontOperation } from '../front-door.js';
import { estimateTokensFromCharacters } from '../shared/estimate-tokens.js';
import { openAiConventions } from '../shared/openai-conventions.js';
import { parseUpstreamAnswer, readRelayedMembers } from '../shared/relayed-answer.js';

const EMBEDDING_DATA = { key: 'data', what: 'an embeddings list' } as const;

/** A family without an embeddings API, named, with where its models can be used instead. */
function noEmbeddings(route: ModelRoute): GatewayError {
  return invalidRequest(
    `The model '${route.publicId}' is served by the '${route.instance.id}' provider (family '${route.instance.family}'), which has no embeddings API: ` +
      'POST /v1/embeddings takes an embedding model of a family that offers one (OpenAI, OpenAI-compatible servers, Gemini).',
    'model',
    'unsupported_model_for_endpoint',
  );
}

/** OpenAI's embeddings usage (`prompt_tokens`, `total_tokens`) in the gateway's accounting shape: no output tokens. */
function embeddingsUsage(usage: unknown): CompletionUsage | undefined {
  const { prompt_tokens: prompt } = (usage ?? {}) as { prompt_tokens?: unknown };
  if (typeof prompt !== 'number') return undefined;
  return { prompt_tokens: prompt, completion_tokens: 0, total_tokens: prompt };
}

/** The characters to embed, for the up-front TPM charge (a token array counts its length). */
function inputTokens(input: EmbeddingsRequest['input']): number {
  const items: unknown[] = Array.isArray(input) && input.some((item) => typeof item !== 'number') ? input : [input];
  return items.reduce((sum: number, item) => sum + (typeof item === 'string' ? estimateTokensFromCharacters(item.length) : Array.isArray(item) ? item.length : 0), 0);
}

/**
 * `POST /v1/embeddings` in OpenAI's shape (PROTOCOLS A.9): a provider with an embeddings translator
 * serves it (OpenAI-compatible servers relay their own answer byte for byte, usage read from it;
 * Gemini's answer is translated); any other family gets a 400 naming it. Never streamed.
 */
const embeddings = {
  endpoint: 'embeddings' as const,
  method: 'POST',
  path: '/v1/embeddings',
  modelKind: 'embedding',
  validate: createBodyValidator<EmbeddingsRequest>(embeddingsRequestSchema),
  serves: (provider) => provider.embeddings !== undefined,
  estimateTokens: (request) => {
    const tokens = inputTokens(request.input);
    return { promptTokens: tokens, totalTokens: tokens };
  },
  translate(route, request, call) {
    const translator = route.instance.provider.embeddings;
    if (!translator) throw noEmbeddings(route);
    return {
      upstreamRequest: translator.toUpstreamRequest(request, call),
      toGatewayError: (failure) => translator.toGatewayError(failure, call),
      answer(text) {
        if (translator.relaysResponseVerbatim) return { body: text, usage: embeddingsUsage(readRelayedMembers(text, ['usage'], EMBEDDING_DATA).usage) };
        const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), request, call);
        return { body: response, usage: embeddingsUsage(response.usage) };
      },
      relay: () => Promise.reject(invalidRequest('POST /v1/embeddings does not stream.', 'stream')),
    };
  },
} satisfies FrontOperation<EmbeddingsRequest>;

/** OpenAI's embeddings endpoint: its conventions (Bearer key, OpenAI's error envelope). */
export const openAiEmbeddingsFront = {
  id: 'openai-embeddings',
  conventions: openAiConventions,
  operations: [embeddings],
} as const satisfies FrontDoor;
