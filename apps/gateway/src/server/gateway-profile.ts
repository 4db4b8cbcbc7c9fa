import { loadGatewayConfig, parseGatewayConfig } from '../config/load-gateway-config.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { createVendorProfile } from '../config/vendor-profile.js';
import { createServiceKey, startDemoProfile, type DemoProfile } from '../demo/demo-profile.js';
import { GATEWAY_PACKAGE_DIRECTORY } from '../runtime/package-directory.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What the gateway serves, and from where relative paths and the data directory resolve. */
export interface GatewayProfile {
  readonly config: GatewayConfig;
  readonly baseDirectory: string;
  /** For the banner: `config <file>`, `vendor keys from the environment`, or the demo profile. */
  readonly description: string;
  /** A service key made up for this run, to print once. */
  readonly printedKey?: string;
  /** The demo profile's simulators, to close with the gateway. */
  readonly demo?: DemoProfile;
}

/**
 * Picks the profile:
 *   a config file (`--config`, else MODELGATE_CONFIG) → exactly that file;
 *   a vendor key (OPENAI_API_KEY, ANTHROPIC_API_KEY) → the real vendors, one service key (MODELGATE_API_KEY or a new one);
 *   neither → the demo profile against the bundled simulators.
 * Without a config file, paths resolve from the gateway package's folder, whatever the working directory.
 */
export async function loadGatewayProfile(env: Env, configFile = env.MODELGATE_CONFIG): Promise<GatewayProfile> {
  if (configFile) {
    const loaded = await loadGatewayConfig(configFile, env);
    return { ...loaded, description: `config ${configFile}` };
  }
  const serviceKey = env.MODELGATE_API_KEY ?? createServiceKey();
  const printedKey = env.MODELGATE_API_KEY ? undefined : serviceKey;
  const vendorProfile = createVendorProfile(env, serviceKey);
  if (vendorProfile) {
    const config = parseGatewayConfig(vendorProfile, env, 'vendor profile');
    return { config, baseDirectory: GATEWAY_PACKAGE_DIRECTORY, description: 'vendor keys from the environment', printedKey };
  }
  const demo = await startDemoProfile(serviceKey);
  try {
    const config = parseGatewayConfig(demo.config, env, 'demo profile');
    return { config, baseDirectory: GATEWAY_PACKAGE_DIRECTORY, description: 'demo profile: upstreams are the bundled simulators', printedKey, demo };
  } catch (error) {
    await demo.close();
    throw error;
  }
}

/** PORT (or MODELGATE_PORT) and MODELGATE_HOST override where the gateway listens. */
export function applyListenOverrides(config: GatewayConfig, env: Env): GatewayConfig {
  if (env.PORT ?? env.MODELGATE_PORT) config.server.port = Number(env.MODELGATE_PORT ?? env.PORT);
  if (env.MODELGATE_HOST) config.server.host = env.MODELGATE_HOST;
  return config;
}
