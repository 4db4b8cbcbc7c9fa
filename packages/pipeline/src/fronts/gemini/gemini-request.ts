import { invalidRequest, MODEL_ID_MAX_LENGTH, type JsonSchema } from '@modelgate/core';
import { createBodyValidator } from '../../validation/validate-request-body.js';
import type { RequestTarget } from '../../pipeline/model-request-host.js';
import { wildcardOf } from '../operation-path.js';

/** The Gemini API's model operations, by Google's own names (`/v1beta/models/{model}:{operation}`). */
export type GeminiOperationName = 'generateContent' | 'streamGenerateContent' | 'countTokens' | 'embedContent' | 'batchEmbedContents';

/** A Gemini request as the front reads it: the model and options from the URL, the body as sent. */
export interface GeminiFrontRequest<Body extends object = Record<string, unknown>> {
  /** The model the path names, without Google's `models/` prefix. */
  readonly model: string;
  readonly operation: GeminiOperationName;
  /** `streamGenerateContent`: the answer is a stream. */
  readonly stream: boolean;
  /** The client asked for SSE (`alt=sse`, what the SDKs and Gemini CLI send); otherwise a stream is one JSON array (PROTOCOLS E.1). */
  readonly sse: boolean;
  readonly body: Body;
}

/**
 * The API versions served: `v1beta` (Gemini CLI, REST examples, older SDKs) and `v1` (the default of
 * `@google/genai` 3). Both reach the provider's own configured version.
 */
export const GEMINI_API_VERSIONS = ['v1beta', 'v1'] as const;
export type GeminiApiVersion = (typeof GEMINI_API_VERSIONS)[number];

/** The operation's path as the router takes it: the model is the rest of the path up to `:operation` (an id may hold a slash). */
export function geminiOperationPath(version: GeminiApiVersion, operation: GeminiOperationName): string {
  return `/${version}/models/*model\\:${operation}`;
}

/** `models/gemini-2.5-flash` and `gemini-2.5-flash` name one model; the gateway's ids never start with `models/`. */
export function withoutModelsPrefix(model: string): string {
  return model.startsWith('models/') ? model.slice('models/'.length) : model;
}

function modelOf(target: RequestTarget, path: string, operation: GeminiOperationName): string {
  const model = withoutModelsPrefix(wildcardOf(path, target.path) ?? '');
  if (model.length === 0 || model.length > MODEL_ID_MAX_LENGTH || !/^[!-~]+$/.test(model)) {
    throw invalidRequest(`The model in the path must be 1 to ${MODEL_ID_MAX_LENGTH} visible ASCII characters: /v1beta/models/{model}:${operation}.`, 'model', 'invalid_value');
  }
  return model;
}

/** A validator for one operation at `path`: the body against its schema, the model and `alt` from the URL. */
export function geminiRequestValidator(path: string, operation: GeminiOperationName, schema: JsonSchema): (body: unknown, target: RequestTarget) => GeminiFrontRequest {
  const validateBody = createBodyValidator<Record<string, unknown>>(schema);
  return (body, target) => {
    const alt = [target.query.alt].flat()[0];
    return { model: modelOf(target, path, operation), operation, stream: operation === 'streamGenerateContent', sse: alt === 'sse', body: validateBody(body) };
  };
}
