import { isRecord, unitVectorOf } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';

// `POST /v1beta/models/{m}:batchEmbedContents` as the Gemini API takes it
// (https://ai.google.dev/api/embeddings): `requests[]` of EmbedContentRequest, each naming the
// same model as the URL, answered with `embeddings[].values` in order and no token count.

/** The embedding models and their full vector length (gemini-embedding-001: 3072; text-embedding-004: 768). */
export const SIMULATED_EMBEDDING_MODELS: Readonly<Record<string, number>> = { 'gemini-embedding-001': 3072, 'text-embedding-004': 768 };

// A generation model asked to embed: Google's NOT_FOUND wording for a method a model lacks (the
// same sentence as for generateContent on an unknown model, PROTOCOLS E.5).
function notForEmbedding(model: string): GoogleProblem {
  return { status: 404, message: `models/${model} is not found for API version v1beta, or is not supported for batchEmbedContents. Call ListModels to see the list of available models and their supported methods.` };
}

/** The simulated answer to a batchEmbedContents body, or Google's refusal of it. */
export function answerBatchEmbed(body: unknown, model: string): { problem: GoogleProblem } | { answer: object } {
  const length = SIMULATED_EMBEDDING_MODELS[model];
  if (length === undefined) return { problem: notForEmbedding(model) };
  if (!isRecord(body) || !Array.isArray(body.requests)) return { problem: invalidGoogleArgument('Invalid JSON payload received. Unknown name "requests".') };
  // The batch bound, in Google's words (weaviate/weaviate#11277, vercel/ai#16575, 2026).
  if (body.requests.length > 100) return { problem: invalidGoogleArgument('* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch\n') };
  const embeddings = [];
  for (const [index, request] of body.requests.entries()) {
    // Stricter than Google, so a translator bug fails fast (the simulator's own words, not Google's):
    // each request names the URL's model, carries text, and a dimensionality the model has.
    const parts = isRecord(request) && isRecord(request.content) && Array.isArray(request.content.parts) ? request.content.parts : [];
    const text = parts.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
    const dimensions = isRecord(request) ? request.outputDimensionality : undefined;
    if (!isRecord(request) || request.model !== `models/${model}` || text === '' || (dimensions !== undefined && (typeof dimensions !== 'number' || dimensions < 1 || dimensions > length))) {
      return { problem: invalidGoogleArgument(`simulator: requests[${index}] needs model 'models/${model}', text parts, and an outputDimensionality from 1 to ${length}.`) };
    }
    embeddings.push({ values: unitVectorOf(text, typeof dimensions === 'number' ? dimensions : length) });
  }
  return { answer: { embeddings } };
}
