import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  findProviderPluginProblems,
  unwrapProviderPlugin,
  type AnyProviderPluginV1,
  type LoggerV1,
} from '@modelgate/core';
import type { ProviderConfig } from '../config/gateway-config.js';
import { compileSchema, describeSchemaErrors } from '../validation/schema-compiler.js';
import { provideCoreToPlugins } from './provide-core-to-plugins.js';
import type { ProviderInstance } from './provider-instance.js';
import { isPluginPath, resolvePluginModule } from './resolve-plugin-module.js';

export class ProviderLoadError extends Error {
  constructor(source: string, reason: string, options?: ErrorOptions) {
    super(`provider '${source}' could not be loaded: ${reason}`, options);
    this.name = 'ProviderLoadError';
  }
}

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
    const problems = findProviderPluginProblems(candidate);
    if (problems.length > 0) throw new ProviderLoadError(source, problems.join('; '));
    const plugin = candidate as AnyProviderPluginV1;
    const id = config.id ?? plugin.id;
    if (instances.has(id)) {
      throw new ProviderLoadError(source, `a provider with id '${id}' is already configured; give this one another \`id\``);
    }
    const settings = config.settings ?? {};
    const validateSettings = compileSchema(plugin.settingsSchema);
    if (!validateSettings(settings)) {
      throw new ProviderLoadError(source, `invalid settings: ${describeSchemaErrors(validateSettings.errors)}`);
    }
    let provider;
    try {
      provider = plugin.create(settings as never, { instanceId: id, logger: options.logger, env: options.env });
    } catch (error) {
      throw new ProviderLoadError(source, `create() failed: ${(error as Error).message}`, { cause: error });
    }
    if (!provider || typeof provider.chat?.toUpstreamRequest !== 'function') {
      throw new ProviderLoadError(source, 'create() did not return a provider with a chat translator');
    }
    instances.set(id, {
      id,
      family: provider.family ?? plugin.family,
      source,
      plugin,
      provider,
      unlistedModelPatterns: config.routeUnlistedModels === false ? [] : (provider.modelPatterns ?? plugin.modelPatterns),
    });
  }
  return instances;
}
