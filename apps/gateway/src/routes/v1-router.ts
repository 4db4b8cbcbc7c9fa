import { FRONT_DOORS, frontOperations, frontQueries, frontStateOperations, type KeyAuthenticator, type PipelineDependencies } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { KeyResolver } from '../auth/authenticated-key.js';
import { GuardedRouter } from '../http/create-router.js';
import { createFrontErrorBoundary } from '../middleware/error-envelope-middleware.js';
import { createFrontQueryRoute } from './front-query-route.js';
import { createFrontRoute, type FrontRouteDependencies } from './front-route.js';
import { createStateOperationRoute } from './state-operation-route.js';

export interface V1RouterDependencies extends Omit<FrontRouteDependencies, 'pipeline'> {
  /** The pipeline's dependencies but its key check, which is made of `keyResolvers`. */
  readonly pipeline: Omit<PipelineDependencies, 'keys'>;
  readonly keyResolvers: readonly KeyResolver[];
  readonly logger: Logger;
}

/** The key resolvers in turn, as the pipeline's key check. */
function keysOf(resolvers: readonly KeyResolver[]): KeyAuthenticator {
  return {
    authenticate(presented) {
      const next = (index: number): ReturnType<KeyAuthenticator['authenticate']> => {
        if (index >= resolvers.length) return undefined;
        // Config keys answer at once: no promise and no extra turn for the commonest case.
        const found = resolvers[index]!.authenticate(presented);
        if (found instanceof Promise) return found.then((key) => key ?? next(index + 1));
        return found ?? next(index + 1);
      };
      return next(0);
    },
  };
}

/**
 * Every `/v1` route, derived from the list of fronts: each front operation (`POST`), each path
 * fronts answer themselves (`GET`: the model lists, the Responses WebSocket probe), and each
 * endpoint about vendor-side state by id (a stored response). The pipeline
 * serves each whole, its key and its errors in the front's envelope included; the error boundary
 * in front of each only catches a bug of the adapter's.
 */
export function createV1Routers(dependencies: V1RouterDependencies): GuardedRouter[] {
  const pipeline = { ...dependencies.pipeline, keys: keysOf(dependencies.keyResolvers) };
  const frontRoutes = { ...dependencies, pipeline };
  return FRONT_DOORS.map((front) => {
    const router = new GuardedRouter(undefined, 'service-key', createFrontErrorBoundary(front.conventions, dependencies.logger));
    for (const route of frontOperations().filter((route) => route.front === front)) router.post(route.operation.path, createFrontRoute(route, frontRoutes));
    for (const { path, routes } of frontQueries().filter(({ routes }) => routes[0]!.front === front)) router.get(path, createFrontQueryRoute(routes, pipeline));
    for (const route of frontStateOperations().filter((route) => route.front === front)) {
      const method = route.operation.method === 'GET' ? 'get' : route.operation.method === 'POST' ? 'post' : 'delete';
      router[method](route.operation.path, createStateOperationRoute(route, pipeline));
    }
    return router;
  });
}
