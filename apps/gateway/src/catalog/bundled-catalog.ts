import { settingsFromEnvironment } from '@modelgate/core';
import { createProviderInstance, ModelRouter, type ProviderInstance } from '@modelgate/pipeline';
import { vendorProfileProviders } from '../plugins/bundled-providers.js';
import { catalogEntryOf, type CatalogEntry } from './catalog-entry.js';

const QUIET = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Every bundled vendor provider, created with placeholder credentials and the declared examples of
 * the other variables it needs (creating one opens no connection), as the vendor profile would
 * serve them.
 */
export function bundledProviderInstances(): ProviderInstance[] {
  return vendorProfileProviders().map((bundled) => {
    const needed = (bundled.plugin.environment ?? []).filter((variable) => variable.secret || variable.required);
    const placeholders = Object.fromEntries(needed.map((variable) => [variable.name, variable.example ?? 'catalog']));
    const settings = { ...bundled.settings, ...settingsFromEnvironment(bundled.plugin.environment, placeholders) };
    return createProviderInstance({ candidate: bundled.plugin, source: bundled.package, id: bundled.id, settings }, { logger: QUIET, env: {} });
  });
}

/**
 * Every model of every bundled vendor, with what its card says: what docs/models.md lists. Each
 * instance is listed as if served alone, under the ids it answers to then (Azure's `gpt-5` next to
 * OpenAI's would need `azure-openai/gpt-5` in a gateway serving both).
 */
export function bundledCatalog(instances: readonly ProviderInstance[] = bundledProviderInstances()): CatalogEntry[] {
  return instances.flatMap((instance) => new ModelRouter([], new Map([[instance.id, instance]]), 0).catalog().map((route) => catalogEntryOf(route)));
}
