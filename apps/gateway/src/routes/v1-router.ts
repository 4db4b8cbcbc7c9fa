import type { KeyResolver } from '../auth/authenticated-key.js';
import { GuardedRouter } from '../http/create-router.js';
import { createAuthMiddleware } from '../middleware/auth-middleware.js';
import { createChatCompletionsHandler } from './chat-completions-route.js';
import { createListModelsHandler, createRetrieveModelHandler } from './models-route.js';
import { createResponsesHandler } from './responses-route.js';
import { createResponsesWebSocketHandler } from './responses-websocket-route.js';
import type { RouteDependencies } from './route-dependencies.js';

/** Every `/v1` route, each behind the service-key check. */
export function createV1Router(dependencies: RouteDependencies, keyResolvers: readonly KeyResolver[]): GuardedRouter {
  return new GuardedRouter('/v1', 'service-key', createAuthMiddleware(keyResolvers))
    .post('/chat/completions', createChatCompletionsHandler(dependencies))
    .post('/responses', createResponsesHandler(dependencies, 'responses'))
    .post('/responses/compact', createResponsesHandler(dependencies, 'compact'))
    .get('/responses', createResponsesWebSocketHandler())
    .get('/models', createListModelsHandler(dependencies.models))
    .get('/models/*id', createRetrieveModelHandler(dependencies.models));
}
