import type { AnyProviderPluginV1 } from '@modelgate/core';
import type { ModelEntry } from '@modelgate/pipeline';
import type { ConfigFragment } from './config-fragment.js';
import { errorKinds, nonEmptyString, nonNegativeInteger, nonNegativeNumber, positiveInteger, stringList } from './schema-parts.js';

/** A served model: its public id, provider instance and upstream name (see ModelEntry). */
export type ModelConfig = ModelEntry;

export interface ProviderConfig {
  package?: string;
  /** A plugin object, for embedding and tests (instead of `package`). */
  plugin?: AnyProviderPluginV1;
  id?: string;
  settings?: Record<string, unknown>;
  routeUnlistedModels?: boolean;
}

const card = "the provider's model card";

const pricing = {
  type: 'object',
  additionalProperties: false,
  required: ['input', 'output'],
  description: "Prices in USD per million tokens, for usage costs and budgets; overrides the provider's model card. Unpriced models cost 0, and keys with a budget are refused them.",
  properties: {
    input: { ...nonNegativeNumber, description: 'USD per million prompt tokens.' },
    output: { ...nonNegativeNumber, description: 'USD per million completion tokens (reasoning included).' },
    cachedInput: { ...nonNegativeNumber, description: 'USD per million cached prompt tokens.', defaultText: 'the `input` price' },
    cacheWrite: {
      ...nonNegativeNumber,
      description: "USD per million prompt tokens written to the vendor's prompt cache (Anthropic's 5-minute writes).",
      defaultText: 'the `input` price',
    },
    cacheWrite1h: {
      ...nonNegativeNumber,
      description: "USD per million prompt tokens written to the vendor's prompt cache for an hour (Anthropic's `ttl: 1h`).",
      defaultText: 'the `cacheWrite` price',
    },
    longContext: {
      type: 'object',
      additionalProperties: false,
      required: ['aboveInputTokens', 'input', 'output'],
      description:
        "The vendor's long-context prices: every token of a request whose prompt (cached tokens included) is over `aboveInputTokens` is billed at these instead (Gemini Pro over 200k; Anthropic's 1M-context beta).",
      properties: {
        aboveInputTokens: { ...positiveInteger, description: 'The prompt size over which the long-context prices apply.' },
        input: { ...nonNegativeNumber, description: 'USD per million prompt tokens.' },
        output: { ...nonNegativeNumber, description: 'USD per million completion tokens.' },
        cachedInput: { ...nonNegativeNumber, description: 'USD per million cached prompt tokens.', defaultText: 'the long-context `input` price' },
        cacheWrite: { ...nonNegativeNumber, description: 'USD per million prompt tokens written to a cache.', defaultText: 'the long-context `input` price' },
        cacheWrite1h: { ...nonNegativeNumber, description: 'USD per million prompt tokens written to a cache for an hour.', defaultText: 'the long-context `cacheWrite` price' },
      },
    },
    toolCalls: {
      type: 'object',
      additionalProperties: nonNegativeNumber,
      description:
        "USD per call of a server-side tool the vendor bills per call, by tool: `web_search` (Anthropic's `server_tool_use.web_search_requests`; OpenAI's Responses `web_search_call` items) and `file_search` (`file_search_call` items). A tool with a fee and no price is refused to keys with a budget.",
    },
  },
} as const;

const capabilities = {
  type: 'object',
  additionalProperties: false,
  description: "What the model can do through `/v1/chat/completions`, for the catalog; each flag overrides the card's.",
  properties: {
    streaming: { type: 'boolean', description: 'Streams its answers.' },
    tools: { type: 'boolean', description: 'Calls tools.' },
    vision: { type: 'boolean', description: 'Takes images.' },
    jsonSchema: { type: 'boolean', description: 'Follows `response_format: json_schema`.' },
    reasoning: { type: 'boolean', description: 'Thinks before answering (`reasoning_effort`, reasoning tokens).' },
  },
} as const;

/** The provider plugins and the models served through them (core settings). */
export const modelConfigFragment: ConfigFragment = {
  titles: { providers: 'Providers', models: 'Models' },
  required: ['providers'],
  properties: {
    providers: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        oneOf: [{ required: ['package'] }, { required: ['plugin'] }],
        properties: {
          package: {
            ...nonEmptyString,
            description:
              "npm name, resolved from the config file's folder (then the gateway's own dependencies), or a path (`./…`, `/…`) to a module or a plugin's folder, relative to the config file. One of `package` or `plugin`.",
          },
          plugin: { type: 'object', description: 'A plugin object instead of a package, when the gateway is embedded in a program (not from YAML).' },
          id: {
            type: 'string',
            pattern: '^[a-z0-9][a-z0-9-]*$',
            description: "Instance id that `models[].provider` names; defaults to the plugin's id. Two instances of one plugin need two ids.",
            defaultText: "the plugin's id",
          },
          settings: { type: 'object', description: "The plugin's settings, checked against its settings schema after `${VAR}` expansion (see Provider settings below)." },
          routeUnlistedModels: {
            type: 'boolean',
            description: "Serve ids that match the plugin's model patterns (`gpt-*`, `claude-*`, …) without a `models` entry.",
            defaultText: '`true`',
          },
        },
      },
    },
    models: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'provider'],
        properties: {
          id: { ...nonEmptyString, description: 'The id clients send (and `/v1/models` lists).' },
          provider: { ...nonEmptyString, description: 'The provider instance id that serves it.' },
          upstreamModel: { ...nonEmptyString, description: "The vendor's model name sent upstream.", defaultText: 'the `id`' },
          aliases: { ...stringList, description: 'More ids that reach this model.' },
          created: { ...nonNegativeInteger, description: 'Unix seconds shown by `/v1/models`.', defaultText: "the provider's model card, else the gateway's start" },
          pricing,
          displayName: { ...nonEmptyString, description: 'The name the catalog shows.', defaultText: card },
          contextWindow: { ...positiveInteger, description: 'Tokens of context, for the catalog.', defaultText: card },
          maxOutputTokens: {
            ...positiveInteger,
            description: 'The most a reply may generate: the catalog shows it, and a request without an output limit reserves it (at most 16,384) against TPM.',
            defaultText: card,
          },
          capabilities,
          deployments: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['provider'],
              properties: {
                provider: {
                  ...nonEmptyString,
                  description:
                    'Another place to serve the model from, besides its own `provider` (its first deployment, weight 1): a provider instance id (its own key, base URL or region; maybe another family). Requests spread over the deployments by `strategy`; a retry goes to another one ([resilience.md](resilience.md)).',
                },
                upstreamModel: { ...nonEmptyString, description: "The model's name there.", defaultText: "the model's `upstreamModel`" },
                weight: { ...nonNegativeNumber, description: 'Its share of traffic under the `weighted` strategy.', defaultText: '1' },
              },
            },
          },
          strategy: {
            enum: ['weighted', 'least-busy', 'lowest-latency'],
            description: '`weighted` (random by weight), `least-busy` (fewest requests in flight) or `lowest-latency` (moving average of the time to first byte).',
            defaultText: '`weighted`',
          },
          promptCache: {
            type: 'object',
            additionalProperties: false,
            required: ['autoBreakpoints'],
            description: "Prompt caching at the vendor ([caching.md](caching.md#prompt-caching-at-the-vendor)).",
            properties: {
              autoBreakpoints: {
                type: 'boolean',
                description:
                  "For a request that brings no `cache_control` of its own, place Anthropic's cache breakpoints after the tools, the system prompt and the last user turn (at most 4), so every turn of a conversation reads the previous one's prefix from the cache. Families that cache prefixes on their own (OpenAI, Gemini, DeepSeek) ignore it.",
              },
              ttl: { enum: ['5m', '1h'], description: 'How long the vendor keeps what the breakpoints write; `1h` costs twice the input price to write instead of 1.25 times.', defaultText: '`5m`' },
            },
          },
          fallbacks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['model'],
              properties: {
                model: {
                  ...nonEmptyString,
                  description: 'Another model to try, in order, once every deployment of this one failed; skipped for a key that may not use it ([resilience.md](resilience.md)).',
                },
                on: {
                  ...errorKinds,
                  description: 'The kinds of the last error that send the request on: `rate_limited`, `overloaded`, `server`, `timeout`, `context_length`, `content_filter`, …',
                  defaultText: 'every kind',
                },
              },
            },
          },
        },
      },
    },
  },
};
