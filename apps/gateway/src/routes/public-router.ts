import type { RouterMiddleware } from '@koa/router';
import { GuardedRouter } from '../http/create-router.js';
import type { GatewayState } from '../middleware/gateway-state.js';

export interface PublicRoutes {
  readonly health: RouterMiddleware<GatewayState>;
  readonly ready: RouterMiddleware<GatewayState>;
  /** Absent when `server.publicCatalog` is off. */
  readonly catalog?: RouterMiddleware<GatewayState>;
}

/** Routes that need no key: `GET /health` and `GET /ready` for load balancers, `GET /catalog` for people. */
export function createPublicRouter(routes: PublicRoutes): GuardedRouter {
  const router = new GuardedRouter(undefined, 'public', undefined).get('/health', routes.health).get('/ready', routes.ready);
  if (routes.catalog) router.get('/catalog', routes.catalog);
  return router;
}
