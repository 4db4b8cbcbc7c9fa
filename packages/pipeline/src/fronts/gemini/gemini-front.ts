import {
  geminiBatchEmbedContentsRequestSchema,
  geminiCountTokensRequestSchema,
  geminiEmbedContentRequestSchema,
  geminiGenerateContentRequestSchema,
  resolvePassThroughTranslator,
  type GoogleGenerateContentRequest,
  type JsonSchema,
} from '@modelgate/core';
import type { FrontDoor, FrontOperation } from '../front-door.js';
import { estimateRequestTokens } from '../shared/estimate-tokens.js';
import { bridgeGeminiPlan } from './bridge/bridge-gemini-plan.js';
import { geminiConventions } from './gemini-conventions.js';
import { geminiModelQueries } from './gemini-model-list.js';
import { geminiPassThroughPlan } from './gemini-pass-through-plan.js';
import { GEMINI_API_VERSIONS, geminiOperationPath, geminiRequestValidator, type GeminiApiVersion, type GeminiFrontRequest, type GeminiOperationName } from './gemini-request.js';

/** The pass-through dialect a provider declares to get Gemini's own bodies (provider-google). */
export const GEMINI_DIALECT = 'google-gemini';

/** What a request may generate: `maxOutputTokens` when set, else the model's default. */
function estimate(request: GeminiFrontRequest, defaultOutputTokens: number | undefined) {
  const body = (request.body.generateContentRequest ?? request.body) as Partial<GoogleGenerateContentRequest>;
  const generates = request.operation === 'generateContent' || request.operation === 'streamGenerateContent';
  return estimateRequestTokens([body.systemInstruction, body.contents, body.tools, request.body.requests, request.body.content], generates ? [body.generationConfig?.maxOutputTokens] : [0], defaultOutputTokens);
}

/**
 * An operation of the Gemini front. A provider that speaks the Gemini API itself (its
 * `google-gemini` pass-through) gets the client's body and relays its bytes back; any other is
 * bridged through its chat translator (or its embeddings translator), answering in Gemini's shapes.
 */
function geminiOperation<Endpoint extends string>(
  endpoint: Endpoint,
  version: GeminiApiVersion,
  operation: GeminiOperationName,
  schema: JsonSchema,
): FrontOperation<GeminiFrontRequest> & { readonly endpoint: Endpoint } {
  const path = geminiOperationPath(version, operation);
  const embeds = operation === 'embedContent' || operation === 'batchEmbedContents';
  return {
    endpoint,
    method: 'POST',
    path,
    validate: geminiRequestValidator(path, operation, schema),
    serves: (provider) => (embeds ? provider.embeddings !== undefined || resolvePassThroughTranslator(provider, GEMINI_DIALECT) !== undefined : true),
    ...(embeds && { modelKind: 'embedding' as const }),
    // Google charges nothing for counting.
    unbilled: operation === 'countTokens',
    estimateTokens: estimate,
    translate(route, request, call) {
      const translator = resolvePassThroughTranslator(route.instance.provider, GEMINI_DIALECT);
      return translator ? geminiPassThroughPlan(translator, request, call) : bridgeGeminiPlan(route, request, call);
    },
  };
}

/**
 * The Gemini API (`v1beta` and `v1`), the dialect of the google-genai SDKs and Gemini CLI:
 * `/v1beta/models/{model}:generateContent` (and `/v1/…`), `:streamGenerateContent` (SSE with `alt=sse`, else one
 * JSON array), `:countTokens`, `:embedContent` and `:batchEmbedContents`, and the model list in
 * Google's shape (`/v1/models` too for a request with `x-goog-api-key`). Key scopes: `generate_content` (streamed or not, one operation to Google),
 * `gemini_count_tokens`, `embed_content` (one or a batch).
 */
export const geminiFront = {
  id: 'gemini',
  conventions: geminiConventions,
  operations: GEMINI_API_VERSIONS.flatMap((version) => [
    geminiOperation('generate_content', version, 'generateContent', geminiGenerateContentRequestSchema),
    geminiOperation('generate_content', version, 'streamGenerateContent', geminiGenerateContentRequestSchema),
    geminiOperation('gemini_count_tokens', version, 'countTokens', geminiCountTokensRequestSchema),
    geminiOperation('embed_content', version, 'embedContent', geminiEmbedContentRequestSchema),
    geminiOperation('embed_content', version, 'batchEmbedContents', geminiBatchEmbedContentsRequestSchema),
  ]),
  queries: geminiModelQueries,
} as const satisfies FrontDoor;
