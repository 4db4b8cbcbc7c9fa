import { defineProvider, type CallContextV1, type ChatTranslatorV1 } from '@modelgate/core';
import { convertFromGoogleResponse } from './convert-from-google-response.js';
import { convertToGoogleRequest } from './convert-to-google-request.js';
import { googleError } from './google-error.js';
import { createFunctionNameMap, type FunctionNameMap } from './google-function-names.js';
import { GOOGLE_MODEL_CARDS, GOOGLE_MODEL_PATTERNS } from './google-models.js';
import { GOOGLE_ENVIRONMENT, googleSettingsSchema, type GoogleSettings } from './google-settings.js';
import { createGoogleEmbeddingsTranslator } from './google-embeddings-translator.js';
import { createGoogleGeminiPassThrough } from './google-gemini-pass-through.js';
import { createGoogleTokenCounter } from './google-token-counter.js';
import { GoogleStreamTranslator } from './google-stream-translator.js';
import { createGoogleUpstreamEndpoint } from './google-upstream-endpoint.js';

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `/v1/chat/completions` ↔ `:generateContent` and `:streamGenerateContent?alt=sse` (PROTOCOLS E, F). */
export function createGoogleChatTranslator(settings: GoogleSettings): ChatTranslatorV1 {
  const endpoint = createGoogleUpstreamEndpoint(settings);
  // The function names of a request, kept for its answer: the contract hands `fromUpstreamResponse`
  // only the call, the same object `toUpstreamRequest` got, so names Gemini could not take come back as the client wrote them.
  const namesByCall = new WeakMap<CallContextV1, FunctionNameMap>();
  return {
    toUpstreamRequest(request, call) {
      const names = createFunctionNameMap(request);
      namesByCall.set(call, names);
      const body = convertToGoogleRequest(request, call, settings, endpoint.schemaDialect, names, endpoint.signatureIssuer(call.upstreamModel));
      const stream = request.stream === true;
      const url = stream ? endpoint.streamUrl(call.upstreamModel) : endpoint.generateUrl(call.upstreamModel);
      return { method: 'POST', url, headers: endpoint.headers, body, stream };
    },
    fromUpstreamResponse(body, call) {
      const names = namesByCall.get(call) ?? createFunctionNameMap({ model: '', messages: [] });
      return convertFromGoogleResponse(body, nowInSeconds(), call.upstreamModel, names, endpoint.signatureIssuer(call.upstreamModel));
    },
    createStreamTranslator(request, call) {
      const issuer = endpoint.signatureIssuer(call.upstreamModel);
      return new GoogleStreamTranslator(request.stream_options?.include_usage === true, nowInSeconds(), call.upstreamModel, createFunctionNameMap(request), issuer);
    },
    countTokens: createGoogleTokenCounter(settings, endpoint),
    toGatewayError(failure) {
      return googleError(failure);
    },
  };
}

export const googleProvider = defineProvider<GoogleSettings>({
  specificationVersion: 'v1',
  id: 'google',
  family: 'google',
  settingsSchema: googleSettingsSchema,
  modelPatterns: GOOGLE_MODEL_PATTERNS,
  environment: GOOGLE_ENVIRONMENT,
  create(settings) {
    const endpoint = createGoogleUpstreamEndpoint(settings);
    return {
      chat: createGoogleChatTranslator(settings),
      embeddings: createGoogleEmbeddingsTranslator(endpoint),
      passThrough: { 'google-gemini': createGoogleGeminiPassThrough(endpoint) },
      models: GOOGLE_MODEL_CARDS,
    };
  },
});
