import type { CooldownPolicy, RetryPolicy } from '@modelgate/pipeline';
import type { AdminSection } from '../modules/admin/admin-config.js';
import type { KeysSection } from '../modules/keys/keys-config.js';
import type { MetricsConfig, MetricsSection } from '../modules/metrics/metrics-config.js';
import type { ResponseCacheConfig, ResponseCacheSection } from '../modules/response-cache/response-cache-config.js';
import type { TracingConfig, TracingSection } from '../modules/tracing/tracing-config.js';
import type { CoreConfig } from './core-config.js';
import type { LoggingConfig, ResponsesConfig, ServerConfig } from './server-config.js';
import type { StorageConfig, UsageConfig } from './storage-config.js';
import type { UpstreamConfig } from './upstream-config.js';

// Each setting is declared once, in its fragment (schema with description and default, and its
// type beside it); this file only gathers the types for code that reads the whole config.
export type { CoreConfig, GatewayEndpoint } from './core-config.js';
export type { ModelConfig, ProviderConfig } from './model-config.js';
export type { LoggingConfig, ResponsesConfig, ServerConfig } from './server-config.js';
export type { RedisConfig, StorageConfig, UsageConfig } from './storage-config.js';
export type { ResilienceConfig, UpstreamConfig } from './upstream-config.js';
export type { AdminConfig } from '../modules/admin/admin-config.js';
export type { BudgetPeriod, KeyBudgetConfig, KeyLimitsConfig, StaticKeyConfig } from '../modules/keys/keys-config.js';
export type { MetricsConfig } from '../modules/metrics/metrics-config.js';
export type { TracingConfig } from '../modules/tracing/tracing-config.js';

/** The whole config: the core's and the built-in modules' sections. */
export type GatewayConfig = CoreConfig & KeysSection & AdminSection & MetricsSection & TracingSection & ResponseCacheSection;

/** What a config file or a caller gives; everything but `providers` has defaults. */
export type GatewayConfigInput = Partial<Omit<GatewayConfig, 'server' | 'upstream' | 'resilience' | 'logging' | 'storage' | 'usage' | 'metrics' | 'tracing' | 'responses' | 'responseCache'>> & {
  responses?: Partial<ResponsesConfig>;
  responseCache?: Partial<ResponseCacheConfig> & Pick<ResponseCacheConfig, 'models'>;
  metrics?: Partial<MetricsConfig>;
  tracing?: Partial<TracingConfig> & { endpoint: string };
  resilience?: { retry?: Partial<RetryPolicy>; cooldown?: Partial<CooldownPolicy> };
  usage?: Partial<UsageConfig>;
  storage?: StorageConfig;
  providers: GatewayConfig['providers'];
  server?: Partial<ServerConfig>;
  upstream?: Partial<UpstreamConfig>;
  logging?: Partial<LoggingConfig>;
};
