import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { provideCoreToPlugins } from './provide-core-to-plugins.js';
import { isPluginPath, resolvePluginModule } from './resolve-plugin-module.js';

/**
 * Imports a plugin package (a provider, a guardrail) by name or path. Resolves it from the config
 * file's folder, not from the gateway's own: under pnpm's strict layout the operator's plugins are
 * only visible from where they were installed. `fail` makes the error that names what was loading.
 */
export async function importPluginModule(specifier: string, baseDirectory: string, fail: (what: string, cause?: unknown) => Error): Promise<unknown> {
  let resolved: string | undefined;
  try {
    resolved = resolvePluginModule(specifier, baseDirectory);
  } catch (error) {
    throw fail((error as Error).message, error);
  }
  if (!resolved) {
    throw fail(isPluginPath(specifier) ? `no file or directory ${resolve(baseDirectory, specifier)}` : `cannot be resolved from ${baseDirectory} (is it installed?)`);
  }
  provideCoreToPlugins();
  try {
    return await import(pathToFileURL(resolved).href);
  } catch (error) {
    throw fail(`failed to import: ${(error as Error).message}`, error);
  }
}
