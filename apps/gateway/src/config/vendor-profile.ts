import { settingsFromEnvironment } from '@modelgate/core';
import { profileProviders, type BundledProvider } from '../plugins/bundled-providers.js';
import type { GatewayConfigInput, ProviderConfig } from './gateway-config.js';

/**
 * The bundled providers whose environment variables are set (each plugin declares its own, e.g.
 * `OPENAI_API_KEY` → `apiKey`; the gateway knows no vendor's names), each serving its vendor's
 * model ids directly. Undefined when none is set.
 */
export function createVendorProfile(
  env: Readonly<Record<string, string | undefined>>,
  serviceKey: string,
  bundled: readonly BundledProvider[] = profileProviders(),
): GatewayConfigInput | undefined {
  const providers: ProviderConfig[] = [];
  for (const entry of bundled) {
    const settings = settingsFromEnvironment(entry.plugin.environment, env);
    if (settings) providers.push({ package: entry.package, id: entry.id, settings });
  }
  if (providers.length === 0) return undefined;
  return { providers, keys: [{ name: 'default', key: serviceKey }] };
}
