import type { EnvironmentVariableV1, JsonSchema, ReasoningEffort, UnsupportedParameterHandling } from '@modelgate/core';

/** Thinking budgets (tokens) per `reasoning_effort`; `none` always sends `thinking: {type: "disabled"}`. */
export type AnthropicThinkingBudgets = Record<Exclude<ReasoningEffort, 'none'>, number>;

export interface AnthropicSettings {
  /** Sent as `x-api-key`. */
  apiKey?: string;
  /** The API's base URL, with or without its `/v1` (`https://api.anthropic.com` as the SDKs take it works too). */
  baseUrl?: string;
  /** The `anthropic-version` header; defaults to `2023-06-01`, the value the SDKs hard-code. */
  anthropicVersion?: string;
  /** Flags for the `anthropic-beta` header. */
  betas?: string[];
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
  /**
   * A /v1 parameter Anthropic cannot honour (`n > 1`, `logprobs`, `seed`, a message or part field
   * with no Anthropic counterpart, a forced tool the model cannot take): `reject` (default) answers
   * 400 naming it; `drop` removes it (a forced tool becomes `auto`) and reports a warning.
   */
  unsupportedParameters?: UnsupportedParameterHandling;
  /**
   * `max_tokens` when the client sends none, on non-streaming calls and on models not in the
   * catalog (default 16384), capped at the model's output limit. Streams to catalogued models get
   * the model's whole output limit.
   */
  defaultMaxTokens?: number;
  /** Overrides of the default thinking budgets on budget models (1024 / 2048 / 4096 / 8192 / 16384). */
  thinkingBudgets?: Partial<AnthropicThinkingBudgets>;
}

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
export const ANTHROPIC_DEFAULT_VERSION = '2023-06-01';

const budget: JsonSchema = { type: 'integer', minimum: 1024 };

export const anthropicSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', description: 'Sent as `x-api-key`.' },
    baseUrl: { type: 'string', pattern: '^https?://', description: 'Base URL, with or without `/v1` (`https://api.anthropic.com` as the SDKs take it works too; default `https://api.anthropic.com/v1`).' },
    anthropicVersion: { type: 'string', minLength: 1, description: 'The `anthropic-version` header (default `2023-06-01`).' },
    betas: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Flags for the `anthropic-beta` header.' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
    unsupportedParameters: {
      enum: ['reject', 'drop'],
      description:
        'A /v1 parameter Anthropic cannot honour (`n` > 1, `logprobs`, `seed`, a message or content-part field with no Anthropic counterpart, a forced tool the model cannot take): `reject` (default) answers 400 naming it; `drop` removes it (a forced tool becomes `auto`) with a warning.',
    },
    defaultMaxTokens: {
      type: 'integer',
      minimum: 1,
      description: "`max_tokens` when the client sends none, on non-streaming calls and on models not in the catalog (default 16384), capped at the model's output limit; streams to catalogued models get the model's whole limit.",
    },
    thinkingBudgets: {
      type: 'object',
      description: 'Thinking budgets (tokens) per `reasoning_effort` on budget models (Claude 4.5 and older), overriding 1024 / 2048 / 4096 / 8192 / 16384.',
      additionalProperties: false,
      properties: { minimal: budget, low: budget, medium: budget, high: budget, xhigh: budget, max: budget },
    },
  },
};

/** The variables Anthropic's own SDKs read, so a bare `ANTHROPIC_API_KEY` serves Claude models. */
export const ANTHROPIC_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'ANTHROPIC_API_KEY', setting: 'apiKey', secret: true, description: 'Anthropic API key, sent as x-api-key.' },
  { name: 'ANTHROPIC_BASE_URL', setting: 'baseUrl', description: 'Base URL, with or without /v1, as the Anthropic SDKs take it (default https://api.anthropic.com).' },
];
