import type { GatewayConfigInput, ProviderConfig } from './gateway-config.js';

/** A family the gateway can serve from an API key in the environment alone. */
interface EnvironmentProvider {
  readonly envKey: string;
  readonly baseUrlEnv: string;
  readonly provider: Omit<ProviderConfig, 'settings'>;
}

const ENVIRONMENT_PROVIDERS: readonly EnvironmentProvider[] = [
  { envKey: 'OPENAI_API_KEY', baseUrlEnv: 'OPENAI_BASE_URL', provider: { package: '@modelgate/provider-openai', id: 'openai' } },
  { envKey: 'ANTHROPIC_API_KEY', baseUrlEnv: 'ANTHROPIC_BASE_URL', provider: { package: '@modelgate/provider-anthropic', id: 'anthropic' } },
];

/** The families whose keys are set, each serving its vendor's model ids directly. Undefined when none is. */
export function createVendorProfile(env: Readonly<Record<string, string | undefined>>, serviceKey: string): GatewayConfigInput | undefined {
  const providers = ENVIRONMENT_PROVIDERS.filter((entry) => env[entry.envKey]).map((entry) => ({
    ...entry.provider,
    settings: { apiKey: env[entry.envKey]!, ...(env[entry.baseUrlEnv] ? { baseUrl: env[entry.baseUrlEnv] } : {}) },
  }));
  if (providers.length === 0) return undefined;
  return { providers, keys: [{ name: 'default', key: serviceKey }] };
}
