import type { EnvironmentVariableV1, JsonSchema, UnsupportedParameterHandling } from '@modelgate/core';

/** What the gateway does with a forced `tool_choice` (`required` or a named function) while DeepSeek thinks, which DeepSeek refuses. */
export type DeepSeekForcedToolChoice = 'disable-thinking' | 'auto' | 'reject';

/** What the gateway does with `strict: true` tools off DeepSeek's beta base URL, where DeepSeek ignores the flag. */
export type DeepSeekStrictToolsHandling = 'warn' | 'reject';

/** What the gateway does with `response_format: json_schema`, which DeepSeek does not offer (only `json_object`). */
export type DeepSeekJsonSchemaHandling = 'instruct' | 'reject';

export interface DeepSeekSettings {
  /** Sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Base URL; `https://api.deepseek.com` by default (`/v1` is accepted there too). */
  baseUrl?: string;
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
  /**
   * A /v1 parameter DeepSeek cannot honour (`logprobs` while thinking,
   * `n` > 1, `seed`, …): `reject` (default) answers 400 naming it; `drop` removes it with a warning.
   */
  unsupportedParameters?: UnsupportedParameterHandling;
  /**
   * A forced `tool_choice` while thinking: `disable-thinking` (default) answers that request without
   * thinking, which keeps the caller's guarantee; `auto` keeps thinking and sends `tool_choice: auto`
   * with a warning; `reject` answers 400 naming `tool_choice`.
   */
  forcedToolChoice?: DeepSeekForcedToolChoice;
  /**
   * `response_format: json_schema`: `instruct` (default) sends `json_object` with the schema as a
   * system instruction; `reject` answers 400 naming `response_format`.
   */
  jsonSchema?: DeepSeekJsonSchemaHandling;
  /**
   * `strict: true` tools, which DeepSeek enforces only on its beta base URL (`…/beta`) and ignores
   * elsewhere: `warn` (default) sends them as they are with a warning per tool; `reject` answers 400
   * naming the first one.
   */
  strictTools?: DeepSeekStrictToolsHandling;
  /**
   * The `reasoning_content` sent on an assistant turn of a tool loop that the client sent back
   * without it (DeepSeek answers 400 otherwise). The gateway logs every time it does so.
   */
  reasoningPlaceholder?: string;
}

export const DEEPSEEK_DEFAULT_BASE_URL = 'https://api.deepseek.com';

/** Non-empty on purpose: whether DeepSeek accepts an empty string there is not documented (PROTOCOLS G.2). */
export const DEEPSEEK_DEFAULT_REASONING_PLACEHOLDER = '(The reasoning of this step was not kept.)';

export const deepSeekSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', description: 'Sent as `Authorization: Bearer`.' },
    baseUrl: { type: 'string', pattern: '^https?://', description: 'Base URL (default `https://api.deepseek.com`; `/v1` is accepted too).' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
    unsupportedParameters: {
      enum: ['reject', 'drop'],
      description: 'A /v1 parameter DeepSeek cannot honour (`logprobs` while thinking, `n` > 1, `seed`, …): `reject` (default) answers 400 naming it; `drop` removes it with a warning.',
    },
    forcedToolChoice: {
      enum: ['disable-thinking', 'auto', 'reject'],
      description: 'A forced `tool_choice` while thinking: `disable-thinking` (default) answers without thinking; `auto` sends `tool_choice: auto` with a warning; `reject` answers 400.',
    },
    jsonSchema: {
      enum: ['instruct', 'reject'],
      description: '`response_format: json_schema`: `instruct` (default) sends `json_object` with the schema as a system instruction; `reject` answers 400.',
    },
    strictTools: {
      enum: ['warn', 'reject'],
      description: '`strict: true` tools off the beta base URL (`…/beta`), where DeepSeek ignores the flag: `warn` (default) sends them with a warning; `reject` answers 400.',
    },
    reasoningPlaceholder: {
      type: 'string',
      minLength: 1,
      description: 'The `reasoning_content` sent on a tool-loop assistant turn the client sent back without it (default: a short note that it was not kept).',
    },
  },
};

/** The variables DeepSeek's own examples use, so a bare `DEEPSEEK_API_KEY` serves DeepSeek models. */
export const DEEPSEEK_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'DEEPSEEK_API_KEY', setting: 'apiKey', secret: true, description: 'DeepSeek API key, sent as Authorization: Bearer.' },
  { name: 'DEEPSEEK_BASE_URL', setting: 'baseUrl', description: 'Base URL (default https://api.deepseek.com).' },
];

/** DeepSeek's answer header that names the request in its support cases. */
export const DEEPSEEK_RELAYED_RESPONSE_HEADERS: readonly string[] = ['x-ds-trace-id'];
