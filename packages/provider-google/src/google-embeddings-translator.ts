import { encodeEmbedding, invalidRequest, type EmbeddingsRequest, type EmbeddingsResponse, type EmbeddingsTranslatorV1 } from '@modelgate/core';
import { googleError } from './google-error.js';
import type { GoogleUpstreamEndpoint } from './google-upstream-endpoint.js';

/** Gemini's bound on one batch ("at most 100 requests can be in one batch"). */
export const GOOGLE_EMBED_BATCH_LIMIT = 100;

interface GoogleBatchEmbedResponse {
  embeddings?: Array<{ values?: number[] }>;
}

function textsOf(input: EmbeddingsRequest['input']): string[] {
  const list = Array.isArray(input) ? input : [input];
  if (list.some((item) => typeof item !== 'string')) {
    throw invalidRequest('Gemini embeds text only: send `input` as a string or an array of strings, not token arrays.', 'input', 'unsupported_input');
  }
  if (list.length > GOOGLE_EMBED_BATCH_LIMIT) {
    throw invalidRequest(`Gemini embeds at most ${GOOGLE_EMBED_BATCH_LIMIT} inputs per request; this one has ${list.length}. Split it.`, 'input', 'too_many_inputs');
  }
  return list as string[];
}

/**
 * `/v1/embeddings` ↔ `:batchEmbedContents` (PROTOCOLS E.8): one request per input, `dimensions` as
 * `outputDimensionality`; vectors come back as floats and are base64-encoded by the gateway when
 * asked. Gemini's documented answer has no token count for embeddings: usage is the gateway's
 * estimate (about four characters a token), documented as such, unless the answer carries a
 * `usageMetadata.promptTokenCount` (newer models report one: PROTOCOLS E.8), which wins.
 */
export function createGoogleEmbeddingsTranslator(endpoint: GoogleUpstreamEndpoint): EmbeddingsTranslatorV1 {
  return {
    toUpstreamRequest(request, call) {
      const model = `models/${call.upstreamModel}`;
      const requests = textsOf(request.input).map((text) => ({
        model,
        content: { parts: [{ text }] },
        ...(request.dimensions !== undefined ? { outputDimensionality: request.dimensions } : {}),
      }));
      return { method: 'POST', url: endpoint.batchEmbedUrl(call.upstreamModel), headers: endpoint.headers, body: { requests }, stream: false };
    },
    fromUpstreamResponse(body, request, call): EmbeddingsResponse {
      const embeddings = (body as GoogleBatchEmbedResponse).embeddings ?? [];
      const tokens = reportedPromptTokens(body) ?? textsOf(request.input).reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
      return {
        object: 'list',
        data: embeddings.map((embedding, index) => ({ object: 'embedding', index, embedding: encodeEmbedding(embedding.values ?? [], request.encoding_format) })),
        model: call.publicModel,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      };
    },
    toGatewayError(failure) {
      return googleError(failure);
    },
  };
}

/** The prompt tokens Gemini reported, when its answer says (`usageMetadata.promptTokenCount`). */
function reportedPromptTokens(body: unknown): number | undefined {
  const count = (body as { usageMetadata?: { promptTokenCount?: unknown } } | null)?.usageMetadata?.promptTokenCount;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}
