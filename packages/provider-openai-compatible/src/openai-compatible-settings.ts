import type { JsonSchema, UnsupportedParameterHandling } from '@modelgate/core';

/** Settings of the `openai-compatible` plugin, for any server that speaks OpenAI's Chat Completions. */
export interface OpenAiCompatibleSettings {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; keyless local servers need none. */
  apiKey?: string;
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
  /** The family the instance routes and accounts under (default `openai-compatible`). */
  family?: string;
  /** Named in error messages (default: the family). */
  vendorName?: string;
  /** Model ids the server serves; listed in `/v1/models` and routed without a `models` entry. */
  models?: string[];
  /** Ids or globs routed here without a `models` entry, e.g. `llama-*`. */
  modelPatterns?: string[];
  /** `/v1` fields the server does not take: `{ unsupported: "why" }` or `{ renamedTo: "its name" }`. */
  parameters?: Record<string, { unsupported: string } | { renamedTo: string }>;
  /** An unsupported field in a request: a 400 `unsupported_parameter` (`reject`, default) or dropped with a warning (`drop`). */
  unsupportedParameters?: UnsupportedParameterHandling;
  /**
   * Ask every stream for its usage (`stream_options.include_usage`, default true), stripped from the
   * client's stream when it did not ask. `false` for a server that refuses `stream_options` (Groq,
   * Mistral, older Azure API versions did): its streams are then billed from an estimate of their text.
   */
  streamUsage?: boolean;
}

export const OPENAI_COMPATIBLE_DEFAULT_FAMILY = 'openai-compatible';

export const openAiCompatibleSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['baseUrl'],
  properties: {
    baseUrl: { type: 'string', pattern: '^https?://', description: 'Base URL including `/v1`, e.g. `http://127.0.0.1:11434/v1` (Ollama).' },
    apiKey: { type: 'string', description: 'Sent as `Authorization: Bearer`; optional, for keyless servers.' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
    family: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'The family the instance routes and accounts under (default `openai-compatible`).' },
    vendorName: { type: 'string', minLength: 1, description: 'Named in error messages (default: the family).' },
    models: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Model ids the server serves: listed in `/v1/models`, routed without a `models` entry.' },
    modelPatterns: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Ids or globs (`llama-*`) routed here without a `models` entry.' },
    parameters: {
      type: 'object',
      description: '`/v1` fields the server does not take as sent: `{ unsupported: "why" }` or `{ renamedTo: "field" }`. Other fields pass through.',
      additionalProperties: {
        oneOf: [
          { type: 'object', additionalProperties: false, required: ['unsupported'], properties: { unsupported: { type: 'string', minLength: 1 } } },
          { type: 'object', additionalProperties: false, required: ['renamedTo'], properties: { renamedTo: { type: 'string', minLength: 1 } } },
        ],
      },
    },
    unsupportedParameters: { enum: ['reject', 'drop'], description: 'An unsupported field in a request: a 400 (`reject`, default) or dropped with a warning (`drop`).' },
    streamUsage: {
      type: 'boolean',
      description:
        'Ask every stream for its usage chunk (`stream_options.include_usage`; default true), stripped from the client\'s stream unless it asked. `false` for a server that refuses `stream_options`: its streams are then billed from an estimate of their text.',
    },
  },
};
