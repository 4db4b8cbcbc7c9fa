import type { JsonSchema } from '../v1/schemas/json-schema.js';

const part: JsonSchema = { type: 'object' };
const content: JsonSchema = {
  type: 'object',
  required: ['parts'],
  properties: { role: { enum: ['user', 'model', 'function', 'system'] }, parts: { type: 'array', items: part } },
};
const candidateCount: JsonSchema = { type: 'integer', minimum: 1 };

const generateProperties: Readonly<Record<string, JsonSchema>> = {
  contents: { type: 'array', items: content },
  systemInstruction: content,
  tools: { type: 'array', items: { type: 'object' } },
  toolConfig: { type: 'object' },
  safetySettings: { type: 'array', items: { type: 'object' } },
  generationConfig: {
    type: 'object',
    properties: {
      candidateCount,
      maxOutputTokens: { type: 'integer', minimum: 1 },
      stopSequences: { type: 'array', items: { type: 'string' } },
      temperature: { type: 'number' },
      topP: { type: 'number' },
      topK: { type: 'number' },
      thinkingConfig: { type: 'object' },
    },
  },
  cachedContent: { type: 'string' },
};

/**
 * JSON Schema for `:generateContent` and `:streamGenerateContent` (PROTOCOLS E.2; the model is in
 * the URL). Only what the gateway reads is checked; every other field passes, so a new Gemini
 * feature reaches Gemini untouched.
 */
export const geminiGenerateContentRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/gemini/generate-content-request.json',
  type: 'object',
  required: ['contents'],
  properties: generateProperties,
};

/** `:countTokens`: `contents`, or a whole `generateContentRequest`. */
export const geminiCountTokensRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/gemini/count-tokens-request.json',
  type: 'object',
  properties: { contents: { type: 'array', items: content }, generateContentRequest: { type: 'object', required: ['contents'], properties: generateProperties } },
};

const embedRequest: JsonSchema = {
  type: 'object',
  required: ['content'],
  properties: { model: { type: 'string' }, content, taskType: { type: 'string' }, title: { type: 'string' }, outputDimensionality: { type: 'integer', minimum: 1 } },
};

/** `:embedContent`: one content to embed. */
export const geminiEmbedContentRequestSchema: JsonSchema = { ...embedRequest, $id: 'https://modelgate.dev/schemas/gemini/embed-content-request.json' };

/** `:batchEmbedContents`: at most 100 embed requests (Google's bound). */
export const geminiBatchEmbedContentsRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/gemini/batch-embed-contents-request.json',
  type: 'object',
  required: ['requests'],
  properties: { requests: { type: 'array', minItems: 1, maxItems: 100, items: embedRequest } },
};
