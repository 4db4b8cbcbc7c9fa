import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import { KoaRouter } from '../runtime/commonjs-modules.js';
import type Koa from 'koa';
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

/** One route: its method, full path and middleware (guards first). */
interface RouteDefinition {
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string;
  readonly middleware: readonly RouterMiddleware<GatewayState>[];
}

/**
 * A group of routes that share who may call them, each carrying its own authentication: the
 * guards are each route's first middleware, so whatever path variant reaches a handler has passed
 * the guard; there is no `router.use()` whose path matching could differ from the routes'. Groups
 * only describe routes; `mountRoutes` serves every group from one router.
 */
export class GuardedRouter {
  /** Run first on every route, in order (an error boundary, then authentication). */
  private readonly guards: readonly RouterMiddleware<GatewayState>[];
  private readonly definitions: RouteDefinition[] = [];

  constructor(
    private readonly prefix: string | undefined,
    private readonly access: RouteAccess,
    guard: RouterMiddleware<GatewayState> | readonly RouterMiddleware<GatewayState>[] | undefined,
  ) {
    this.guards = guard === undefined ? [] : [guard].flat();
    if ((access === 'public') !== (this.guards.length === 0)) throw new Error(`a ${access} route needs ${this.guards.length > 0 ? 'no' : 'a'} guard`);
  }

  get(path: string, handler: RouterMiddleware<GatewayState>): this {
    return this.define('get', path, handler);
  }

  post(path: string, handler: RouterMiddleware<GatewayState>): this {
    return this.define('post', path, handler);
  }

  delete(path: string, handler: RouterMiddleware<GatewayState>): this {
    return this.define('delete', path, handler);
  }

  /** Every route with its methods (HEAD comes with GET) and who may call it. */
  routes(): RegisteredRoute[] {
    return this.definitions.flatMap(({ method, path }) =>
      (method === 'get' ? ['HEAD', 'GET'] : [method.toUpperCase()]).map((verb) => ({ method: verb, path, access: this.access })),
    );
  }

  /** Adds this group's routes to `router`. */
  registerOn(router: Router<GatewayState>): void {
    for (const { method, path, middleware } of this.definitions) router[method](path, ...middleware);
  }

  private define(method: RouteDefinition['method'], path: string, handler: RouterMiddleware<GatewayState>): this {
    this.definitions.push({ method, path: `${this.prefix ?? ''}${path}`, middleware: [...this.guards, handler] });
    return this;
  }
}

/**
 * Serves every group from one router: a request is matched once, against every route, instead of
 * passing through one router (and its 405 check) per group before reaching its own.
 */
export function mountRoutes(koa: Koa<GatewayState>, groups: readonly GuardedRouter[]): void {
  const router = new KoaRouter<GatewayState>(PATH_MATCHING);
  for (const group of groups) group.registerOn(router);
  koa.use(refuseOptions);
  koa.use(router.routes());
  koa.use(router.allowedMethods());
}

/**
 * No route takes OPTIONS (the gateway serves no browser cross-origin requests, so it has no
 * preflight to answer). The router would answer it with 200 and the route's methods before any
 * guard ran; it is a 405 like any other method a route does not take (the error envelope, with
 * `Allow`).
 */
async function refuseOptions(ctx: Koa.ParameterizedContext<GatewayState>, next: Koa.Next): Promise<void> {
  await next();
  if (ctx.method === 'OPTIONS' && ctx.status === 200 && ctx.response.get('Allow')) {
    // In this order: Koa turns an emptied body into a 204.
    ctx.body = undefined;
    ctx.status = 405;
  }
}
