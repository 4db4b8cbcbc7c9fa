import type { Context } from 'koa';
import { catalogEntryOf } from '../catalog/catalog-entry.js';
import { renderModelCatalogHtml } from '../catalog/render-model-catalog.js';
import type { FrontPolicy, ModelRouter, ProviderInstance } from '@modelgate/pipeline';

/**
 * `GET /catalog`: the human-readable model catalog, rendered at its first request and kept (the
 * models do not change while running); a gateway nobody browses never renders it.
 */
export function createCatalogHandler(models: ModelRouter, providers: ReadonlyMap<string, ProviderInstance>, policy: FrontPolicy) {
  let page: string | undefined;
  const render = () =>
    renderModelCatalogHtml(
      models.catalog().map((route) => catalogEntryOf(route, policy)),
      [...providers.values()].map((instance) => ({ provider: instance.id, family: instance.family, patterns: instance.unlistedModelPatterns })),
    );
  return async function catalog(ctx: Context): Promise<void> {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('cache-control', 'public, max-age=60');
    ctx.body = page ??= render();
  };
}
