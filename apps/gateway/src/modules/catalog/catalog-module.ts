import { GuardedRouter } from '../../http/create-router.js';
import { createCatalogHandler } from '../../routes/catalog-route.js';
import { defineModule } from '../gateway-module.js';

/** The human-readable model catalog at `GET /catalog`, without a key (`server.publicCatalog`). */
export const catalogModule = defineModule({
  id: 'catalog',
  create(config, context) {
    if (!config.server.publicCatalog) return {};
    const handler = createCatalogHandler(context.models, context.providers, { responsesOtherFamilies: config.responses.otherFamilies });
    return { routers: [new GuardedRouter(undefined, 'public', undefined).get('/catalog', handler)] };
  },
});
