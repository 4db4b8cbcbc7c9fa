import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unwrapProviderPlugin, type LoggerV1 } from '@modelgate/core';
import { createProviderInstance, ProviderLoadError, type ProviderInstance } from '@modelgate/pipeline';
import type { ProviderConfig } from '../config/gateway-config.js';
import { provideCoreToPlugins } from './provide-core-to-plugins.js';
import { isPluginPath, resolvePluginModule } from './resolve-plugin-module.js';

export { ProviderLoadError };

/**
 * Resolves a package from the config file's folder, not from the gateway's own: under pnpm's
 * strict layout the operator's plugins are only visible from where they were installed.
 */
async function importPlugin(specifier: string, baseDirectory: string): Promise<unknown> {
  let resolved: string | undefined;
  try {
    resolved = resolvePluginModule(specifier, baseDirectory);
  } catch (error) {
    throw new ProviderLoadError(specifier, (error as Error).message, { cause: error });
  }
  if (!resolved) {
    const what = isPluginPath(specifier) ? `no file or directory ${resolve(baseDirectory, specifier)}` : `cannot be resolved from ${baseDirectory} (is it installed?)`;
    throw new ProviderLoadError(specifier, what);
  }
  provideCoreToPlugins();
  try {
    return await import(pathToFileURL(resolved).href);
  } catch (error) {
    throw new ProviderLoadError(specifier, `failed to import: ${(error as Error).message}`, { cause: error });
  }
}

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
    const candidate = config.plugin ?? unwrapProviderPlugin(await importPlugin(config.package!, options.baseDirectory));
    const id = config.id ?? (candidate as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && instances.has(id)) {
      throw new ProviderLoadError(source, `a provider with id '${id}' is already configured; give this one another \`id\``);
    }
    const instance = createProviderInstance({ candidate, source, id: config.id, settings: config.settings, routeUnlistedModels: config.routeUnlistedModels }, options);
    instances.set(instance.id, instance);
  }
  return instances;
}
