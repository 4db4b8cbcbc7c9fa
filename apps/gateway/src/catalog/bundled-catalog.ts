import { settingsFromEnvironment } from '@modelgate/core';
import { createProviderInstance, ModelRouter, type ProviderInstance } from '@modelgate/pipeline';
import { profileProviders } from '../plugins/bundled-providers.js';
import { catalogEntryOf, type CatalogEntry } from './catalog-entry.js';

const QUIET = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Every bundled vendor provider, created with placeholder credentials (creating one opens no
 * connection), as the vendor profile would serve them.
 */
export function bundledProviderInstances(): ProviderInstance[] {
  return profileProviders().map((bundled) => {
    const placeholders = Object.fromEntries((bundled.plugin.environment ?? []).filter((variable) => variable.secret).map((variable) => [variable.name, 'catalog']));
    const settings = settingsFromEnvironment(bundled.plugin.environment, placeholders) ?? {};
    return createProviderInstance({ candidate: bundled.plugin, source: bundled.package, id: bundled.id, settings }, { logger: QUIET, env: {} });
  });
}

/** Every model of every bundled vendor, with what its card says: what docs/models.md lists. */
export function bundledCatalog(instances: readonly ProviderInstance[] = bundledProviderInstances()): CatalogEntry[] {
  return new ModelRouter([], new Map(instances.map((instance) => [instance.id, instance])), 0).catalog().map((route) => catalogEntryOf(route));
}
