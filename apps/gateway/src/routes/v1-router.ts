import Router from '@koa/router';
import type { KeyResolver } from '../auth/authenticated-key.js';
import { createAuthMiddleware } from '../middleware/auth-middleware.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { createChatCompletionsHandler } from './chat-completions-route.js';
import { createListModelsHandler, createRetrieveModelHandler } from './models-route.js';
import { createResponsesHandler } from './responses-route.js';
import { createResponsesWebSocketHandler } from './responses-websocket-route.js';
import type { RouteDependencies } from './route-dependencies.js';

/** Every `/v1` route, all behind the service-key check. */
export function createV1Router(dependencies: RouteDependencies, keyResolvers: readonly KeyResolver[]): Router<GatewayState> {
  const router = new Router<GatewayState>({ prefix: '/v1' });
  router.use(createAuthMiddleware(keyResolvers));
  router.post('/chat/completions', createChatCompletionsHandler(dependencies));
  router.post('/responses', createResponsesHandler(dependencies, 'responses'));
  router.post('/responses/compact', createResponsesHandler(dependencies, 'compact'));
  router.get('/responses', createResponsesWebSocketHandler());
  router.get('/models', createListModelsHandler(dependencies.models));
  router.get('/models/*id', createRetrieveModelHandler(dependencies.models));
  return router;
}
