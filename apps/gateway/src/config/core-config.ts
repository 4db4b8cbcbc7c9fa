import type { GatewayConfig } from './gateway-config.js';

/** The config every module may read (server, upstream, providers, models, storage…). */
export type CoreConfig = GatewayConfig;
