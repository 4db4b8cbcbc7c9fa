import type { CallContextV1, ChatCompletionRequest, TokenCounterV1 } from '@modelgate/core';
import { convertToGoogleRequest } from './convert-to-google-request.js';
import { createFunctionNameMap } from './google-function-names.js';
import type { GoogleSettings } from './google-settings.js';
import type { GoogleUpstreamEndpoint } from './google-upstream-endpoint.js';

/**
 * Gemini's own counter, `models/{m}:countTokens` (PROTOCOLS E; https://ai.google.dev/api/tokens):
 * the whole request goes as `generateContentRequest`, so the system instruction, the tools and
 * images count as Gemini counts them (an image by its size, not its base64 length). That form
 * needs the request's `model` as `models/{m}` (Google answers "GenerateContentRequest.model:
 * unexpected model name format" otherwise). The answer's `totalTokens` is the prompt's size.
 */
export function createGoogleTokenCounter(settings: GoogleSettings, endpoint: GoogleUpstreamEndpoint): TokenCounterV1 {
  return {
    toUpstreamRequest(request: ChatCompletionRequest, call: CallContextV1) {
      const body = convertToGoogleRequest(request, call, settings, endpoint.schemaDialect, createFunctionNameMap(request), endpoint.signatureIssuer(call.upstreamModel));
      return { method: 'POST', url: endpoint.countTokensUrl(call.upstreamModel), headers: endpoint.headers, body: { generateContentRequest: { model: `models/${call.upstreamModel}`, ...body } }, stream: false };
    },
    inputTokens(body) {
      const total = (body as { totalTokens?: unknown } | null)?.totalTokens;
      if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) throw new Error('Gemini countTokens answered without a totalTokens count.');
      return total;
    },
  };
}
