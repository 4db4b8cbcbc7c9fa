import Router, { type RouterMiddleware } from '@koa/router';
import type { GatewayState } from '../middleware/gateway-state.js';

/** Who may call a route: anyone, a service key, the admin token, or the metrics token (or the admin token). */
export type RouteAccess = 'public' | 'service-key' | 'admin-token' | 'metrics-token';

/** A route as registered, for the route table tests walk and the docs list. */
export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
  readonly access: RouteAccess;
}

/**
 * The one rule for matching paths, for every router of the gateway: exact, case-sensitive, no
 * trailing slash. `/V1/chat/completions`, `/v1/chat/completions/` and `/v1//chat/completions` are
 * unknown URLs (404), never another spelling of a route.
 */
const PATH_MATCHING = { sensitive: true, strict: true } as const;

/**
 * A router whose routes carry their own authentication. Each route is registered with the guards
 * as its first middleware, so whatever path variant reaches a handler has passed the guard; there
 * is no `router.use()` whose path matching could differ from the routes'.
 */
export class GuardedRouter {
  readonly router: Router<GatewayState>;
  /** Run first on every route, in order (an error boundary, then authentication). */
  private readonly guards: readonly RouterMiddleware<GatewayState>[];

  constructor(
    prefix: string | undefined,
    private readonly access: RouteAccess,
    guard: RouterMiddleware<GatewayState> | readonly RouterMiddleware<GatewayState>[] | undefined,
  ) {
    this.guards = guard === undefined ? [] : [guard].flat();
    if ((access === 'public') !== (this.guards.length === 0)) throw new Error(`a ${access} route needs ${this.guards.length > 0 ? 'no' : 'a'} guard`);
    this.router = new Router<GatewayState>({ prefix, ...PATH_MATCHING });
  }

  get(path: string, handler: RouterMiddleware<GatewayState>): this {
    this.router.get(path, ...this.chain(handler));
    return this;
  }

  post(path: string, handler: RouterMiddleware<GatewayState>): this {
    this.router.post(path, ...this.chain(handler));
    return this;
  }

  /** Every route with its methods (HEAD comes with GET) and who may call it. */
  routes(): RegisteredRoute[] {
    return this.router.stack.flatMap((layer) =>
      layer.methods.map((method) => ({ method, path: String(layer.path), access: this.access })),
    );
  }

  private chain(handler: RouterMiddleware<GatewayState>): RouterMiddleware<GatewayState>[] {
    return [...this.guards, handler];
  }
}
