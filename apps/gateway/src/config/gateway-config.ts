import type { AnyProviderPluginV1 } from '@modelgate/core';
import {
  DEFAULT_COOLDOWN_POLICY,
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_RETRY_POLICY,
  DEFAULT_UPSTREAM_CONFIG,
  type CooldownPolicy,
  type GatewayEndpoint,
  type ModelEntry,
  type RetryPolicy,
  type UpstreamConfig,
} from '@modelgate/pipeline';

export { DEFAULT_UPSTREAM_CONFIG, type GatewayEndpoint, type UpstreamConfig };

/** A served model: its public id, provider instance and upstream name (see ModelEntry). */
export type ModelConfig = ModelEntry;

export interface ProviderConfig {
  /** npm package name (resolved from the config file's folder) or a path to a module. */
  package?: string;
  /** A plugin object, for embedding and tests (instead of `package`). */
  plugin?: AnyProviderPluginV1;
  /** Instance id; defaults to the plugin's id. Two instances of one plugin need two ids. */
  id?: string;
  settings?: Record<string, unknown>;
  /** Serve ids matching the plugin's model patterns even when `models` does not list them (default true). */
  routeUnlistedModels?: boolean;
}


/** Per-key rate limits; each is off when absent. */
export interface KeyLimitsConfig {
  /** Requests per minute. */
  rpm?: number;
  /** Tokens per minute: estimated when admitted, reconciled with the real usage afterwards. */
  tpm?: number;
  /** Requests in flight at once (a stream counts until it has ended). */
  maxConcurrent?: number;
}

export type BudgetPeriod = 'day' | 'month' | 'total';

/** Spend cap in USD over a UTC calendar day, a UTC month, or the key's whole life. */
export interface KeyBudgetConfig {
  usd: number;
  period: BudgetPeriod;
}

export interface StaticKeyConfig extends KeyLimitsConfig {
  name: string;
  /** The key itself (usually `${ENV_VAR}`); only its SHA-256 digest is kept in memory. */
  key?: string;
  /** `sha256:<hex>` of the key, for configs that must not contain the key at all. */
  keyHash?: string;
  /** Model ids (or globs) this key may use; all when absent. */
  models?: string[];
  endpoints?: GatewayEndpoint[];
  /** Provider families (e.g. `openai`) this key may use; all when absent. */
  families?: string[];
  budget?: KeyBudgetConfig;
  /** `refuse` keeps this key off the Responses bridge when `responses.otherFamilies` is `bridge`. */
  responsesOtherFamilies?: 'refuse' | 'bridge';
}

export type StorageConfig =
  | { driver: 'sqlite'; /** A file (relative to the config file's folder), or `:memory:`; defaults to `modelgate.sqlite` in the data directory. */ path?: string }
  | { driver: 'postgres'; url: string; /** Created when missing; default `modelgate`. */ schema?: string };

export interface RedisConfig {
  url: string;
  /** Prefix of every Redis key the gateway writes; default `modelgate:`. */
  keyPrefix?: string;
  /** What to do when Redis cannot be reached: admit without limits (`open`) or refuse with 503 (`closed`). */
  failurePolicy?: 'open' | 'closed';
}

export interface AdminConfig {
  /** The admin token itself (usually `${MODELGATE_ADMIN_TOKEN}`); only its digest is kept. */
  token?: string;
  /** `sha256:<hex>` of the admin token. */
  tokenHash?: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** Largest accepted request body, after decompression. */
  bodyLimitBytes: number;
  /** How long in-flight requests may finish after SIGTERM before connections are cut. */
  shutdownGraceMs: number;
  /** Serve the human-readable model catalog at `GET /catalog` without a key. */
  publicCatalog: boolean;
  /** A client must send a request's headers within this time, or the connection is closed (slowloris). */
  headersTimeoutMs: number;
  /** ...and its whole body within this time (408). Answers, streams included, are not limited by it. */
  requestTimeoutMs: number;
  /** Open connections allowed from one client address; 0 turns the bound off (behind a proxy, raise it). */
  maxConnectionsPerAddress: number;
  /** Deepest nesting of arrays and objects accepted in a JSON request body (400 past it). */
  maxJsonDepth: number;
  /** Serving processes on the one port; `auto`: one per core the process may use. */
  workers: number | 'auto';
}

export interface UsageConfig {
  /**
   * fdatasync each usage record as it is spooled: records then survive an OS crash or power loss,
   * not only a process crash, at the price of one disk flush per request.
   */
  spoolFsync: boolean;
}

/** Retries and cooldowns (see docs/resilience.md): retries are off unless configured. */
export interface ResilienceConfig {
  retry: RetryPolicy;
  cooldown: CooldownPolicy;
}

/** `GET /metrics` (Prometheus): the admin token always opens it; a metrics token may too. */
export interface MetricsConfig {
  /** A token for scrapers only (usually `${MODELGATE_METRICS_TOKEN}`); only its digest is kept. */
  token?: string;
  /** `sha256:<hex>` of the metrics token. */
  tokenHash?: string;
  /** Label request, token and cost series with the key id too (one series per key: unbounded as keys are issued). */
  keyLabels: boolean;
}

/** OpenTelemetry traces, exported over OTLP/HTTP; off unless configured. */
export interface TracingConfig {
  /** The collector's OTLP/HTTP traces URL, e.g. `http://127.0.0.1:4318/v1/traces`. */
  endpoint: string;
  /** Sent with every export (a collector's auth header). */
  headers?: Record<string, string>;
  serviceName: string;
  /** Share of requests traced when the client sent no sampled `traceparent`. */
  sampleRatio: number;
  /** Record prompts and answers on the request span. */
  captureContent: boolean;
}

/** The Responses API (`/v1/responses`) for models outside the OpenAI family. */
export interface ResponsesConfig {
  /** `refuse` (400 pointing to chat) or `bridge` (translated through the chat hub, PROTOCOLS F.13). */
  otherFamilies: 'refuse' | 'bridge';
}

export interface LoggingConfig {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export interface GatewayConfig {
  server: ServerConfig;
  upstream: UpstreamConfig;
  resilience: ResilienceConfig;
  logging: LoggingConfig;
  providers: ProviderConfig[];
  models: ModelConfig[];
  keys: StaticKeyConfig[];
  storage: StorageConfig;
  /** Shared rate limits across replicas; without it limits are kept in this process. */
  redis?: RedisConfig;
  /** The `/admin` API is off without an admin token. */
  admin?: AdminConfig;
  /** The usage records' crash-safe spool. */
  usage: UsageConfig;
  metrics: MetricsConfig;
  /** Traces are off without it. */
  tracing?: TracingConfig;
  responses: ResponsesConfig;
}

/** What a config file or a caller gives; everything but `providers` has defaults. */
export type GatewayConfigInput = Partial<Omit<GatewayConfig, 'server' | 'upstream' | 'resilience' | 'logging' | 'storage' | 'usage' | 'metrics' | 'tracing' | 'responses'>> & {
  responses?: Partial<ResponsesConfig>;
  metrics?: Partial<MetricsConfig>;
  tracing?: Partial<TracingConfig> & { endpoint: string };
  resilience?: { retry?: Partial<RetryPolicy>; cooldown?: Partial<CooldownPolicy> };
  usage?: Partial<UsageConfig>;
  storage?: StorageConfig;
  providers: ProviderConfig[];
  server?: Partial<ServerConfig>;
  upstream?: Partial<UpstreamConfig>;
  logging?: Partial<LoggingConfig>;
};

export const DEFAULT_SERVER_CONFIG: ServerConfig = {
  host: '127.0.0.1',
  port: 8787,
  bodyLimitBytes: 10 * 1024 * 1024,
  shutdownGraceMs: 10_000,
  publicCatalog: true,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  maxConnectionsPerAddress: 256,
  maxJsonDepth: DEFAULT_MAX_JSON_DEPTH,
  workers: 1,
};

export function withConfigDefaults(input: GatewayConfigInput): GatewayConfig {
  return {
    server: { ...DEFAULT_SERVER_CONFIG, ...input.server },
    upstream: { ...DEFAULT_UPSTREAM_CONFIG, ...input.upstream },
    resilience: {
      retry: { ...DEFAULT_RETRY_POLICY, ...input.resilience?.retry },
      cooldown: { ...DEFAULT_COOLDOWN_POLICY, ...input.resilience?.cooldown },
    },
    logging: { level: 'info', ...input.logging },
    providers: input.providers,
    models: input.models ?? [],
    keys: input.keys ?? [],
    storage: input.storage ?? { driver: 'sqlite' },
    redis: input.redis,
    admin: input.admin,
    usage: { spoolFsync: false, ...input.usage },
    metrics: { keyLabels: false, ...input.metrics },
    tracing: input.tracing && { serviceName: 'modelgate', sampleRatio: 1, captureContent: false, ...input.tracing },
    responses: { otherFamilies: 'refuse', ...input.responses },
  };
}
