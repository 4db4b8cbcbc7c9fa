import { unwrapProviderPlugin, type LoggerV1 } from '@modelgate/core';
import { createProviderInstance, ProviderLoadError, type ProviderInstance } from '@modelgate/pipeline';
import type { ProviderConfig } from '../config/gateway-config.js';
import { importPluginModule } from './import-plugin-module.js';

export { ProviderLoadError };

export interface LoadProviderOptions {
  baseDirectory: string;
  logger: LoggerV1;
  env: Readonly<Record<string, string | undefined>>;
}

/** Loads, checks and creates every configured provider. Any failure names the provider and stops start-up. */
export async function loadProviderPlugins(
  configs: readonly ProviderConfig[],
  options: LoadProviderOptions,
): Promise<Map<string, ProviderInstance>> {
  const instances = new Map<string, ProviderInstance>();
  for (const config of configs) {
    const source = config.package ?? '(inline plugin)';
    const candidate = config.plugin ?? unwrapProviderPlugin(await importPluginModule(config.package!, options.baseDirectory, (what, cause) => new ProviderLoadError(config.package!, what, { cause })));
    const id = config.id ?? (candidate as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && instances.has(id)) {
      throw new ProviderLoadError(source, `a provider with id '${id}' is already configured; give this one another \`id\``);
    }
    const instance = createProviderInstance({ candidate, source, id: config.id, settings: config.settings, routeUnlistedModels: config.routeUnlistedModels }, options);
    instances.set(instance.id, instance);
  }
  return instances;
}
