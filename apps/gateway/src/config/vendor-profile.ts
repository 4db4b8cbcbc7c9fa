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

/**
 * The secret variables that enable each bundled provider in the vendor profile, for messages:
 * `OPENAI_API_KEY`, alternatives joined (`GOOGLE_API_KEY or GEMINI_API_KEY`).
 */
export function vendorKeyVariables(bundled: readonly BundledProvider[] = profileProviders()): string[] {
  return bundled.flatMap((entry) => {
    const secrets = (entry.plugin.environment ?? []).filter((variable) => variable.secret === true);
    const settings = [...new Set(secrets.map((variable) => variable.setting))];
    return settings.map((setting) => secrets.filter((variable) => variable.setting === setting).map((variable) => variable.name).join(' or '));
  });
}
