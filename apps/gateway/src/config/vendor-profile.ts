import { settingsFromEnvironment, type EnvironmentVariableV1 } from '@modelgate/core';
import { vendorProfileProviders, type BundledProvider } from '../plugins/bundled-providers.js';
import type { GatewayConfigInput, ProviderConfig } from './gateway-config.js';

/**
 * The bundled providers whose environment variables are set (each plugin declares its own, e.g.
 * `OPENAI_API_KEY` → `apiKey`, and which it cannot do without, e.g. Azure's endpoint; the gateway
 * knows no vendor's names), each serving its vendor's model ids directly. Undefined when none is set.
 */
export function createVendorProfile(
  env: Readonly<Record<string, string | undefined>>,
  serviceKey: string,
  bundled: readonly BundledProvider[] = vendorProfileProviders(),
): GatewayConfigInput | undefined {
  const providers: ProviderConfig[] = [];
  for (const entry of bundled) {
    const settings = settingsFromEnvironment(entry.plugin.environment, env);
    // A credential chain outside the settings (AWS) must find something, or a machine without it would fail at its first request.
    if (settings && (entry.plugin.credentialsInEnvironment?.(env) ?? true)) providers.push({ package: entry.package, id: entry.id, settings: { ...entry.settings, ...settings } });
  }
  if (providers.length === 0) return undefined;
  return { providers, keys: [{ name: 'default', key: serviceKey }] };
}

/**
 * The variables that enable each bundled provider in the vendor profile, for messages:
 * `OPENAI_API_KEY`, alternatives joined (`GOOGLE_API_KEY or GEMINI_API_KEY`), and what a host
 * needs besides (`AZURE_OPENAI_API_KEY with AZURE_OPENAI_ENDPOINT`, `AWS_REGION`). A bundled
 * provider served twice (Vertex) is named once.
 */
export function vendorKeyVariables(bundled: readonly BundledProvider[] = vendorProfileProviders()): string[] {
  const named = (variables: readonly EnvironmentVariableV1[]): string[] => {
    const settings = [...new Set(variables.map((variable) => variable.setting))];
    return settings.map((setting) => variables.filter((variable) => variable.setting === setting).map((variable) => variable.name).join(' or '));
  };
  const lines = bundled.flatMap((entry) => {
    const environment = entry.plugin.environment ?? [];
    const secrets = named(environment.filter((variable) => variable.secret === true));
    const required = named(environment.filter((variable) => variable.required === true)).join(' and ');
    if (!required) return secrets;
    return secrets.length === 0 ? [required] : secrets.map((secret) => `${secret} with ${required}`);
  });
  return [...new Set(lines)];
}
