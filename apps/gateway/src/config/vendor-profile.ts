import { settingsFromEnvironment, type AnyProviderPluginV1 } from '@modelgate/core';
import { BUNDLED_PROVIDERS, type BundledProvider } from '../plugins/bundled-providers.js';
import type { GatewayConfigInput, ProviderConfig } from './gateway-config.js';

/**
 * The bundled providers whose environment variables are set (each plugin declares its own, e.g.
 * `OPENAI_API_KEY` → `apiKey`; the gateway knows no vendor's names), each serving its vendor's
 * model ids directly. Undefined when none is set.
 */
export async function createVendorProfile(
  env: Readonly<Record<string, string | undefined>>,
  serviceKey: string,
  bundled: readonly BundledProvider[] = BUNDLED_PROVIDERS,
): Promise<GatewayConfigInput | undefined> {
  const providers: ProviderConfig[] = [];
  for (const entry of bundled) {
    const plugin = ((await import(entry.package)) as { default: AnyProviderPluginV1 }).default;
    const settings = settingsFromEnvironment(plugin.environment, env);
    if (settings) providers.push({ package: entry.package, id: entry.id, settings });
  }
  if (providers.length === 0) return undefined;
  return { providers, keys: [{ name: 'default', key: serviceKey }] };
}
