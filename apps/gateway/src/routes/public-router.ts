import type { RouterMiddleware } from '@koa/router';
import { GuardedRouter } from '../http/create-router.js';
import type { GatewayState } from '../middleware/gateway-state.js';

export interface PublicRoutes {
  readonly health: RouterMiddleware<GatewayState>;
  /** Absent when `server.publicCatalog` is off. */
  readonly catalog?: RouterMiddleware<GatewayState>;
}

/** Routes that need no key: `GET /health` for load balancers and `GET /catalog` for people. */
export function createPublicRouter(routes: PublicRoutes): GuardedRouter {
  const router = new GuardedRouter(undefined, 'public', undefined).get('/health', routes.health);
  if (routes.catalog) router.get('/catalog', routes.catalog);
  return router;
}
