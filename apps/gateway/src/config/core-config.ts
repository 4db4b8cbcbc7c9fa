import type { GatewayEndpoint } from '@modelgate/pipeline';
import type { ConfigFragment } from './config-fragment.js';
import { modelConfigFragment, type ModelConfig, type ProviderConfig } from './model-config.js';
import { serverConfigFragment, type LoggingConfig, type ResponsesConfig, type ServerConfig } from './server-config.js';
import { storageConfigFragment, type RedisConfig, type StorageConfig, type UsageConfig } from './storage-config.js';
import { upstreamConfigFragment, type ResilienceConfig, type UpstreamConfig } from './upstream-config.js';

export type { GatewayEndpoint };

/** The config every module may read: what the app's core opens before any module is created. */
export interface CoreConfig {
  server: ServerConfig;
  upstream: UpstreamConfig;
  resilience: ResilienceConfig;
  logging: LoggingConfig;
  providers: ProviderConfig[];
  models: ModelConfig[];
  storage: StorageConfig;
  /** The usage records' crash-safe spool. */
  usage: UsageConfig;
  /** Shared rate limits across replicas; without it limits are kept in this process. */
  redis?: RedisConfig;
  responses: ResponsesConfig;
}

/** The core's parts of the config schema, before the modules'. */
export const CORE_CONFIG_FRAGMENTS: readonly ConfigFragment[] = [serverConfigFragment, upstreamConfigFragment, modelConfigFragment, storageConfigFragment];
