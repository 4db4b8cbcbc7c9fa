import type { EnvironmentVariableV1, JsonSchema, ReasoningEffort, UnsupportedParameterHandling } from '@modelgate/core';

/** Thinking budgets (tokens) per `reasoning_effort`, for the models that take budgets (Gemini 2.5). */
export type GoogleThinkingBudgets = Record<Exclude<ReasoningEffort, 'none'>, number>;

/** Which schema dialect tools and `response_format` are sent in (PROTOCOLS E.6). */
export type GoogleSchemaDialect = 'json-schema' | 'legacy';

export interface GoogleSettings {
  /** Sent as `x-goog-api-key`. */
  apiKey?: string;
  /**
   * The API's base URL, with its version (`https://generativelanguage.googleapis.com/v1beta`, the
   * default) or without it, as Google's SDKs and `GOOGLE_GEMINI_BASE_URL` take it (`/v1beta` is added).
   */
  baseUrl?: string;
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
  /**
   * A /v1 parameter Gemini cannot honour (`logprobs`, `user`, `parallel_tool_calls: false`, …):
   * `reject` (default) answers 400 naming it; `drop` removes it and reports a `dropped-parameter` warning.
   */
  unsupportedParameters?: UnsupportedParameterHandling;
  /**
   * `json-schema` sends tool and answer schemas as written (`parametersJsonSchema`,
   * `responseJsonSchema`); `legacy` converts them to Google's `Schema` subset. Default: `json-schema`
   * on `v1beta`, `legacy` on `v1`, which has no JSON Schema fields.
   */
  schemaDialect?: GoogleSchemaDialect;
  /** Ask thinking models for thought summaries, returned as `reasoning_content` (default true). */
  includeThoughts?: boolean;
  /** Overrides of the default budgets for budget models (512 / 1024 / 2048 / 4096 / 8192 / 16384). */
  thinkingBudgets?: Partial<GoogleThinkingBudgets>;
}

export const GOOGLE_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

const budget: JsonSchema = { type: 'integer', minimum: 0 };

export const googleSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', description: 'Sent as `x-goog-api-key`.' },
    baseUrl: {
      type: 'string',
      pattern: '^https?://',
      description: 'Base URL, with its version or without (`https://generativelanguage.googleapis.com`, as Google’s SDKs take it, gets `/v1beta`; default `https://generativelanguage.googleapis.com/v1beta`).',
    },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
    unsupportedParameters: {
      enum: ['reject', 'drop'],
      description: 'A /v1 parameter Gemini cannot honour (`logprobs`, `user`, `parallel_tool_calls: false`, …): `reject` (default) answers 400 naming it; `drop` removes it with a warning.',
    },
    schemaDialect: {
      enum: ['json-schema', 'legacy'],
      description: 'Tool and answer schemas as written (`parametersJsonSchema`, `responseJsonSchema`) or converted to Google’s legacy `Schema` subset. Default: `json-schema` on `v1beta`, `legacy` on `v1`.',
    },
    includeThoughts: { type: 'boolean', description: 'Ask thinking models for thought summaries, returned as `reasoning_content` (default true).' },
    thinkingBudgets: {
      type: 'object',
      description: 'Thinking budgets (tokens) per `reasoning_effort` for budget models (Gemini 2.5), overriding 512 / 1024 / 2048 / 4096 / 8192 / 16384; clamped to each model’s range.',
      additionalProperties: false,
      properties: { minimal: budget, low: budget, medium: budget, high: budget, xhigh: budget, max: budget },
    },
  },
};

/**
 * The variables Google's SDKs read (PROTOCOLS E.1): either key serves Gemini models; when both are
 * set `GOOGLE_API_KEY` wins, as in Google's SDKs. `GOOGLE_GEMINI_BASE_URL` is the SDKs' and Gemini
 * CLI's base URL, without the version.
 */
export const GOOGLE_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'GOOGLE_API_KEY', setting: 'apiKey', secret: true, description: 'Gemini API key, sent as x-goog-api-key (wins over GEMINI_API_KEY, as in Google’s SDKs).' },
  { name: 'GEMINI_API_KEY', setting: 'apiKey', secret: true, description: 'Gemini API key, sent as x-goog-api-key.' },
  { name: 'GOOGLE_GEMINI_BASE_URL', setting: 'baseUrl', description: 'Base URL, with or without its version, as Google’s SDKs take it (default https://generativelanguage.googleapis.com).' },
];
