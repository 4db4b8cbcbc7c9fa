import { FRONT_DOORS, openAiConventions, type ClientConventions, type FrontOperation, type ModelRouter } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { KeyResolver } from '../auth/authenticated-key.js';
import { GuardedRouter } from '../http/create-router.js';
import { createAuthMiddleware } from '../middleware/auth-middleware.js';
import { createFrontErrorBoundary } from '../middleware/error-envelope-middleware.js';
import { createFrontRoute, type FrontRouteDependencies } from './front-route.js';
import { createListModelsHandler, createRetrieveModelHandler } from './models-route.js';
import { createResponsesWebSocketHandler } from './responses-websocket-route.js';

export interface V1RouterDependencies extends FrontRouteDependencies {
  readonly models: ModelRouter;
  readonly keyResolvers: readonly KeyResolver[];
  readonly logger: Logger;
}

/**
 * Every `/v1` route, derived from the list of fronts: one router per client convention (where the
 * key is read, how errors look), each route behind that convention's error boundary and key check.
 * The model list and the Responses WebSocket probe are OpenAI's.
 */
export function createV1Routers(dependencies: V1RouterDependencies): GuardedRouter[] {
  const byConventions = new Map<ClientConventions, FrontOperation[]>([[openAiConventions, []]]);
  for (const front of FRONT_DOORS) {
    byConventions.set(front.conventions, [...(byConventions.get(front.conventions) ?? []), ...front.operations]);
  }
  return [...byConventions].map(([conventions, operations]) => {
    const guards = [createFrontErrorBoundary(conventions, dependencies.logger), createAuthMiddleware(dependencies.keyResolvers, conventions)];
    const router = new GuardedRouter(undefined, 'service-key', guards);
    for (const operation of operations) router.post(operation.path, createFrontRoute(operation, dependencies));
    if (conventions === openAiConventions) {
      router
        .get('/v1/responses', createResponsesWebSocketHandler())
        .get('/v1/models', createListModelsHandler(dependencies.models))
        .get('/v1/models/*id', createRetrieveModelHandler(dependencies.models));
    }
    return router;
  });
}
