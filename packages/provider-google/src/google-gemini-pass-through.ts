import { unsupportedPassThroughOperation, type CompletionUsage, type GoogleContent, type GoogleGenerateContentResponse, type PassThroughTranslatorV1, type StreamUsageReaderV1 } from '@modelgate/core';
import { convertGoogleUsage, mergeGoogleUsage } from './convert-google-usage.js';
import { googleError } from './google-error.js';
import type { GoogleUpstreamEndpoint } from './google-upstream-endpoint.js';
import { placeSkipSignatures } from './place-skip-signatures.js';

/** The Gemini API's model operations the gateway's Gemini front relays, by Google's own names. */
export const GEMINI_OPERATIONS = ['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents'] as const;

type Body = Record<string, unknown>;

function isOperation(operation: string): operation is (typeof GEMINI_OPERATIONS)[number] {
  return (GEMINI_OPERATIONS as readonly string[]).includes(operation);
}

/** A Gemini 3 step whose signature the front took out (the gateway's carrier for another family) gets Google's placeholder. */
function withSkipSignatures(body: Body): Body {
  if (!Array.isArray(body.contents)) return body;
  const contents = structuredClone(body.contents) as GoogleContent[];
  placeSkipSignatures(contents);
  return { ...body, contents };
}

/**
 * The body for the deployment's model: the models an embedding batch or a counted request name
 * (`models/{m}`, which must be the URL's) replaced by the upstream's.
 */
function forModel(body: Body, operation: string, model: string): Body {
  const name = `models/${model}`;
  if (operation === 'batchEmbedContents' && Array.isArray(body.requests)) return { ...body, requests: (body.requests as Body[]).map((request) => ({ ...request, model: name })) };
  if (operation === 'embedContent' && body.model !== undefined) return { ...body, model: name };
  if (operation === 'countTokens' && typeof body.generateContentRequest === 'object' && body.generateContentRequest !== null) {
    return { ...body, generateContentRequest: { ...withSkipSignatures(body.generateContentRequest as Body), model: name } };
  }
  if (operation === 'countTokens') return body;
  // A generate body may name its model too (the proto's `model`): the deployment's, like the URL.
  return withSkipSignatures(body.model === undefined ? body : { ...body, model: name });
}

function usageOf(body: unknown): CompletionUsage | undefined {
  const metadata = (body as GoogleGenerateContentResponse | null)?.usageMetadata;
  return metadata && typeof metadata === 'object' ? convertGoogleUsage(metadata) : undefined;
}

/**
 * The Gemini API for the gateway's Gemini front (`/v1beta/models/{m}:{operation}`): the client's
 * body to the same operation of the deployment's model, with the provider's key, as sent but for
 * the model names and the placeholder signature Gemini 3 needs where the front removed one. A
 * stream is always asked for as SSE (`alt=sse`); the front frames it as the client asked. Usage is
 * read from `usageMetadata` (cumulative in a stream, E.4).
 */
export function createGoogleGeminiPassThrough(endpoint: GoogleUpstreamEndpoint): PassThroughTranslatorV1 {
  return {
    toUpstreamRequest(body, call, operation) {
      if (!isOperation(operation)) throw unsupportedPassThroughOperation('google-gemini', operation);
      const stream = operation === 'streamGenerateContent';
      const url = stream ? endpoint.streamUrl(call.upstreamModel) : endpoint.operationUrl(call.upstreamModel, operation);
      return { method: 'POST', url, headers: endpoint.headers, body: forModel(body, operation, call.upstreamModel), stream };
    },
    toGatewayError: (failure) => googleError(failure),
    usageFromResponse: (body) => usageOf(body),
    createStreamUsageReader(): StreamUsageReaderV1 {
      let metadata: GoogleGenerateContentResponse['usageMetadata'];
      return {
        observe(event) {
          try {
            const later = (JSON.parse(event.data) as GoogleGenerateContentResponse).usageMetadata;
            if (later) metadata = mergeGoogleUsage(metadata ?? {}, later);
          } catch {
            // The front's tracker refuses data that is not JSON.
          }
        },
        get usage() {
          return metadata ? convertGoogleUsage(metadata) : undefined;
        },
      };
    },
  };
}
