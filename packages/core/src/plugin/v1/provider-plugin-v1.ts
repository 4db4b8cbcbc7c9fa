import type { JsonSchema } from '../../protocol/v1/schemas/json-schema.js';
import type { ModelPattern } from '../../routing/match-model-pattern.js';
import type { ChatTranslatorV1 } from './chat-translator-v1.js';
import type { EmbeddingsTranslatorV1 } from './embeddings-translator-v1.js';
import type { PassThroughTranslatorsV1 } from './pass-through-translator-v1.js';
import type { ResponsesTranslatorV1 } from './responses-translator-v1.js';
import type { UpstreamSignerV1 } from './upstream-signer-v1.js';
import type { UpstreamStreamDecoderV1 } from './upstream-stream-decoder-v1.js';

export const PROVIDER_SPECIFICATION_VERSION_V1 = 'v1';

/** The logging surface a plugin gets; pino's logger satisfies it. Never log prompts or keys. */
export interface LoggerV1 {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface ProviderContextV1 {
  /** The id this instance is registered under (the config's `id`, or the plugin's). */
  readonly instanceId: string;
  readonly logger: LoggerV1;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Prices in USD per million tokens. */
export interface ModelPricingV1 {
  readonly input: number;
  readonly output: number;
  readonly cachedInput?: number;
  /** Prompt tokens written to the vendor's prompt cache (Anthropic's 5-minute writes: 1.25 times input). */
  readonly cacheWrite?: number;
  /** Prompt tokens written to the cache for an hour (Anthropic's `ttl: 1h`: twice input); `cacheWrite` when absent. */
  readonly cacheWrite1h?: number;
  /** The vendor's long-context prices, which replace these for a request whose prompt is over a size. */
  readonly longContext?: LongContextPricingV1;
  /**
   * USD per call of a server-side tool the vendor bills per call and counts in its usage, by the
   * tool's name there (`web_search`: Anthropic's `server_tool_use.web_search_requests`). A tool
   * with a fee and no price here is refused to a key with a budget.
   */
  readonly toolCalls?: Readonly<Record<string, number>>;
}

/**
 * Prices for every token of a request whose prompt (cached and cache-written tokens included) is
 * over `aboveInputTokens`, as Gemini Pro (over 200k) and Anthropic's 1M-context beta bill it.
 * Cache prices absent here fall back to this tier's input price.
 */
export interface LongContextPricingV1 {
  readonly aboveInputTokens: number;
  readonly input: number;
  readonly output: number;
  readonly cachedInput?: number;
  readonly cacheWrite?: number;
  readonly cacheWrite1h?: number;
}

/** What a model can do through the gateway's endpoints; an absent flag means unknown (shown as such). */
export interface ModelCapabilitiesV1 {
  readonly streaming?: boolean;
  readonly tools?: boolean;
  /** Image input. */
  readonly vision?: boolean;
  /** `response_format: json_schema` (natively or mapped by the provider). */
  readonly jsonSchema?: boolean;
  /** It thinks before answering (`reasoning_effort`, reasoning tokens). */
  readonly reasoning?: boolean;
  /** An embedding model: it answers `/v1/embeddings`, not the generation endpoints. */
  readonly embeddings?: boolean;
}

/** What a provider knows about one of its models, for `/v1/models` and the catalog. */
export interface ModelCardV1 {
  readonly id: string;
  /** A name for people (`GPT-4.1 mini`, `Claude Sonnet 4.5`), for the catalog. */
  readonly displayName?: string;
  /** The day (`YYYY-MM-DD`) the vendor retires the model, when announced; the catalog marks it. */
  readonly retiresOn?: string;
  readonly capabilities?: ModelCapabilitiesV1;
  /** Unix seconds. */
  readonly created: number;
  readonly ownedBy: string;
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
  readonly pricing?: ModelPricingV1;
  readonly description?: string;
}

/** A configured provider instance: translators for the endpoints it serves. */
export interface ProviderV1 {
  readonly chat: ChatTranslatorV1;
  /**
   * Present only for vendors that speak the Responses API natively (the OpenAI family). The first
   * pass-through translator; `passThrough['openai-responses']`, when given, takes its place.
   */
  readonly responses?: ResponsesTranslatorV1;
  /**
   * Translators for fronts whose dialect the vendor speaks itself (OpenAI: `openai-responses`;
   * Anthropic: `anthropic-messages`). Same-dialect traffic takes them: relayed byte for byte.
   */
  readonly passThrough?: PassThroughTranslatorsV1;
  /** `/v1/embeddings`, for vendors with an embeddings API; absent, the endpoint answers 400 naming the family. */
  readonly embeddings?: EmbeddingsTranslatorV1;
  readonly models?: readonly ModelCardV1[];
  /**
   * Lower-case names of the vendor's response headers a client may use as they are (OpenAI:
   * `openai-model`, `openai-processing-ms`, `openai-version`), copied from a successful answer. The
   * host decides what it never relays (cookies, hop-by-hop headers, rate limits of its own key).
   */
  readonly relayedResponseHeaders?: readonly string[];
  /**
   * This instance's family, when its settings choose it (the OpenAI-compatible plugin serves any
   * vendor); else the descriptor's `family`.
   */
  readonly family?: string;
  /** Ids or globs this instance serves unlisted, when its settings choose them; else the descriptor's `modelPatterns`. */
  readonly modelPatterns?: readonly ModelPattern[];
  /**
   * Signs or authorises each upstream request after translation (a refreshed bearer token, AWS
   * SigV4), for vendors whose credentials are not a constant header. Absent: requests go as built.
   */
  readonly signer?: UpstreamSignerV1;
  /** Turns the vendor's stream framing into SSE text, for vendors whose streams are not SSE (AWS's event stream). */
  readonly streamDecoder?: UpstreamStreamDecoderV1;
}

/**
 * An environment variable that fills one setting, so that the host holds no vendor's variable
 * names: with no config file, a plugin whose `secret` and `required` variables are all set is
 * served from the environment alone (the vendor profile).
 */
export interface EnvironmentVariableV1 {
  /** e.g. `OPENAI_API_KEY`. */
  readonly name: string;
  /** The top-level key of `settings` it fills, e.g. `apiKey`. */
  readonly setting: string;
  readonly description?: string;
  /** A credential: never logged or printed, and what enables the plugin in the vendor profile. */
  readonly secret?: boolean;
  /** A setting the plugin cannot do without (Azure's endpoint, Bedrock's region): the vendor profile enables the plugin only with it set. */
  readonly required?: boolean;
  /** A valid value, for docs and the bundled catalog's placeholder instances (`https://my-resource.openai.azure.com`). */
  readonly example?: string;
}

/**
 * A provider plugin: the default export of a provider package. It is a descriptor, not a bare
 * factory, because the gateway reads the id, spec version and settings schema before creating it.
 */
export interface ProviderPluginV1<TSettings = Record<string, unknown>> {
  readonly specificationVersion: typeof PROVIDER_SPECIFICATION_VERSION_V1;
  /** Kebab-case vendor id, e.g. `openai`. */
  readonly id: string;
  /** The vendor family for routing and accounting (`openai`, `anthropic`, `google`, `deepseek`, or a third party's). */
  readonly family: string;
  /** JSON Schema of `settings`, checked by the gateway (after env-var expansion) before `create`. */
  readonly settingsSchema: JsonSchema;
  /** Model ids or globs this provider serves when the config does not list a model explicitly. */
  readonly modelPatterns: readonly ModelPattern[];
  /** Environment variables the host may fill settings from when no config names this plugin (the vendor profile). */
  readonly environment?: readonly EnvironmentVariableV1[];
  /**
   * For credentials a chain finds outside the settings (AWS's): whether the environment holds any
   * (variables, shared files), so that the vendor profile enables the plugin only then and a
   * machine without them is unaffected. Absent: the variables alone decide.
   */
  credentialsInEnvironment?(env: Readonly<Record<string, string | undefined>>): boolean;
  create(settings: TSettings, context: ProviderContextV1): ProviderV1;
}

export type AnyProviderPluginV1 = ProviderPluginV1<never>;
