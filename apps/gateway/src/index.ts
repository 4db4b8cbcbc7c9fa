export { createApp, type CreateAppOptions, type GatewayApp } from './create-app.js';
export { startGateway, type RunningGateway } from './server/start-gateway.js';
export { loadGatewayConfig, parseGatewayConfig, type LoadedGatewayConfig } from './config/load-gateway-config.js';
export { withConfigDefaults } from './config/gateway-config-schema.js';
export {
  type GatewayConfig,
  type GatewayConfigInput,
  type ProviderConfig,
  type ModelConfig,
  type StaticKeyConfig,
  type GatewayEndpoint,
} from './config/gateway-config.js';
export type { AuthenticatedKey, KeyResolver } from './auth/authenticated-key.js';
export { ProviderLoadError } from './plugins/load-provider-plugins.js';
export { openGatewayStore } from './store/open-gateway-store.js';
export type { GatewayStore } from './store/gateway-store.js';
export type { StoredKey, KeyPolicy } from './store/stored-key.js';
export type { UsageRecord, UsageFilter, UsageAggregate, UsageOutcome, RequestStage } from './usage/usage-record.js';
export { KeyService, type CreateKeyInput, type IssuedKey } from './admin/key-service.js';
export { runCli } from './cli/run-cli.js';
