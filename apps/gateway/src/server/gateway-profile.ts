import { loadGatewayConfig, parseGatewayConfig } from '../config/load-gateway-config.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { DemoProfile } from '../demo/demo-profile.js';
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
  /** An admin token made up for this run (the `/admin` API and the web UI at `/ui`), to print once. */
  readonly printedAdminToken?: string;
  /** The demo profile's simulators, to close with the gateway. */
  readonly demo?: DemoProfile;
}

export interface ProfileOptions {
  /** A config file; without one, MODELGATE_CONFIG. */
  readonly configFile?: string;
  /** `modelgate serve --demo`; without it, MODELGATE_DEMO=1 asks for the demo too. */
  readonly demo?: boolean;
  /**
   * Whether the banner goes to a terminal (a person reads it) rather than a pipe or file (a log
   * collector keeps it). The vendor profile makes up and prints secrets only for a terminal.
   */
  readonly terminal?: boolean;
}

/** Why the vendor profile will not make up a service key whose only copy would land in the logs. */
export const VENDOR_PROFILE_NEEDS_KEY =
  'the vendor profile needs MODELGATE_API_KEY when its output is not a terminal: a service key made up here would be printed into your logs ' +
  '(set MODELGATE_API_KEY, e.g. to the output of `openssl rand -hex 24`, and MODELGATE_ADMIN_TOKEN for /admin and /ui; or use a config file)';

/** True when the demo profile was asked for: `--demo`, or MODELGATE_DEMO set to 1 or true (what `npm start` sets). */
export function demoRequested(env: Env, flag?: boolean): boolean {
  return flag === true || ['1', 'true'].includes(env.MODELGATE_DEMO?.toLowerCase() ?? '');
}

/** Why the gateway refuses to start with nothing to serve, and the three ways out (`vendorKeys`: vendorKeyVariables()). */
export function nothingToServeMessage(vendorKeys: readonly string[]): string {
  return [
    'nothing to serve: no config file and no vendor key, and the demo profile was not asked for.',
    '  - a config file: modelgate serve --config <file>, or MODELGATE_CONFIG=<file> (docs/configuration.md)',
    `  - a vendor key: ${vendorKeys.join(', ')} (each serves its vendor's model ids)`,
    '  - the offline demo (the bundled vendor simulators, answering "Echo: <your message>"): `npm start` in a',
    '    clone of the repository, or `modelgate serve --demo` (MODELGATE_DEMO=1); never in production',
  ].join('\n');
}

/**
 * Picks the profile:
 *   a config file (`--config`, else MODELGATE_CONFIG) → exactly that file;
 *   a vendor key (OPENAI_API_KEY, ANTHROPIC_API_KEY, …) → the real vendors, one service key (MODELGATE_API_KEY or a new one)
 *     and an admin token for `/admin` and `/ui` (MODELGATE_ADMIN_TOKEN or a new one);
 *   neither, and the demo asked for (`--demo`, MODELGATE_DEMO=1) → the demo profile against the bundled simulators;
 *   neither, and no demo asked for → an error: a deployment that lost its config or key must not answer from simulators.
 * Without a config file, paths resolve from the gateway package's folder, whatever the working directory.
 * The bundled providers (the vendor profile) and the demo are loaded only when there is no config
 * file: a configured gateway loads the providers its config names, and nothing else.
 */
export async function loadGatewayProfile(env: Env, options: ProfileOptions = {}): Promise<GatewayProfile> {
  const configFile = options.configFile ?? env.MODELGATE_CONFIG;
  if (configFile) {
    const loaded = await loadGatewayConfig(configFile, env);
    return { ...loaded, description: `config ${configFile}` };
  }
  const { createVendorProfile, vendorKeyVariables } = await import('../config/vendor-profile.js');
  const { createServiceKey, startDemoProfile } = await import('../demo/demo-profile.js');
  // An empty variable (`MODELGATE_API_KEY=` in a .env file) is unset: a new key is made and printed.
  const serviceKey = env.MODELGATE_API_KEY || createServiceKey();
  const printedKey = env.MODELGATE_API_KEY ? undefined : serviceKey;
  // The admin API and its web UI need an admin token: MODELGATE_ADMIN_TOKEN, or one made up and printed.
  const adminToken = env.MODELGATE_ADMIN_TOKEN || createServiceKey();
  const printedAdminToken = env.MODELGATE_ADMIN_TOKEN ? undefined : adminToken;
  const vendorProfile = createVendorProfile(env, serviceKey);
  if (vendorProfile) {
    // Real vendors, real spend: a made-up secret is shown only on a terminal, never in a log stream.
    // Without one, the service key must be given, and the admin API stays off unless its token is.
    const terminal = options.terminal === true;
    if (printedKey && !terminal) throw new Error(VENDOR_PROFILE_NEEDS_KEY);
    const admin = printedAdminToken && !terminal ? undefined : { token: adminToken };
    const config = parseGatewayConfig({ ...vendorProfile, ...(admin && { admin }) }, env, 'vendor profile');
    return { config, baseDirectory: GATEWAY_PACKAGE_DIRECTORY, description: 'vendor keys from the environment', printedKey, printedAdminToken: admin ? printedAdminToken : undefined };
  }
  if (!demoRequested(env, options.demo)) throw new Error(nothingToServeMessage(vendorKeyVariables()));
  const demo = await startDemoProfile(serviceKey);
  try {
    const config = parseGatewayConfig({ ...demo.config, admin: { token: adminToken } }, env, 'demo profile');
    return { config, baseDirectory: GATEWAY_PACKAGE_DIRECTORY, description: 'DEMO PROFILE: upstreams are the bundled simulators', printedKey, printedAdminToken, demo };
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
