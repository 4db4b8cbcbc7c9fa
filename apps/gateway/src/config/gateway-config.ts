import type { AnyProviderPluginV1, ModelPricingV1 } from '@modelgate/core';

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

export interface ModelConfig {
  /** The public id clients send. */
  id: string;
  provider: string;
  /** The vendor's model name; defaults to `id`. */
  upstreamModel?: string;
  aliases?: string[];
  /** Unix seconds for `/v1/models`; defaults to the provider's card or the gateway's start. */
  created?: number;
  pricing?: ModelPricingV1;
}

export type GatewayEndpoint = 'chat' | 'responses' | 'compact' | 'models';

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
}

export interface UpstreamConfig {
  connectTimeoutMs: number;
  /** Time to the upstream's response headers (and, without streaming, its whole answer). */
  timeoutMs: number;
  /** Longest silence allowed between two chunks of a stream. */
  streamIdleTimeoutMs: number;
  /**
   * While a relayed Responses stream is silent this long, the gateway writes an SSE comment
   * (`: keep-alive`) so clients with idle time-outs (Codex: 300 s) keep waiting.
   */
  keepAliveIntervalMs: number;
  /** Largest Server-Sent Event accepted from an upstream stream (UTF-8 bytes); past it the stream fails (502). */
  maxEventBytes: number;
  /** Largest non-streamed upstream answer (success or error body, after decompression); past it 502. */
  maxResponseBytes: number;
  /** A pooled keep-alive connection idle this long is closed: keep it below the upstreams' own idle time-out. */
  idleSocketTimeoutMs: number;
}

export interface UsageConfig {
  /**
   * fdatasync each usage record as it is spooled: records then survive an OS crash or power loss,
   * not only a process crash, at the price of one disk flush per request.
   */
  spoolFsync: boolean;
}

export interface LoggingConfig {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export interface GatewayConfig {
  server: ServerConfig;
  upstream: UpstreamConfig;
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
}

/** What a config file or a caller gives; everything but `providers` has defaults. */
export type GatewayConfigInput = Partial<Omit<GatewayConfig, 'server' | 'upstream' | 'logging' | 'storage' | 'usage'>> & {
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
  maxJsonDepth: 128, // deep enough for any real tool schema
};

export const DEFAULT_UPSTREAM_CONFIG: UpstreamConfig = {
  connectTimeoutMs: 10_000,
  timeoutMs: 600_000,
  streamIdleTimeoutMs: 300_000,
  keepAliveIntervalMs: 15_000,
  maxEventBytes: 16 * 1024 * 1024,
  maxResponseBytes: 32 * 1024 * 1024,
  idleSocketTimeoutMs: 4_000,
};

export function withConfigDefaults(input: GatewayConfigInput): GatewayConfig {
  return {
    server: { ...DEFAULT_SERVER_CONFIG, ...input.server },
    upstream: { ...DEFAULT_UPSTREAM_CONFIG, ...input.upstream },
    logging: { level: 'info', ...input.logging },
    providers: input.providers,
    models: input.models ?? [],
    keys: input.keys ?? [],
    storage: input.storage ?? { driver: 'sqlite' },
    redis: input.redis,
    admin: input.admin,
    usage: { spoolFsync: false, ...input.usage },
  };
}
