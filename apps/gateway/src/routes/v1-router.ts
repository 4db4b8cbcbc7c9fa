import type { Middleware } from 'koa';
import { anthropicConventions, FRONT_DOORS, isAnthropicClient, openAiConventions, type ClientConventions, type FrontOperation, type ModelRouter } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { KeyResolver } from '../auth/authenticated-key.js';
import { GuardedRouter } from '../http/create-router.js';
import { createAuthMiddleware } from '../middleware/auth-middleware.js';
import { createFrontErrorBoundary } from '../middleware/error-envelope-middleware.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { createFrontRoute, type FrontRouteDependencies } from './front-route.js';
import { createListModelsHandler, createRetrieveModelHandler } from './models-route.js';
import { createResponsesWebSocketHandler } from './responses-websocket-route.js';

export interface V1RouterDependencies extends FrontRouteDependencies {
  readonly models: ModelRouter;
  readonly keyResolvers: readonly KeyResolver[];
  readonly logger: Logger;
}

/** A convention's guards: its error boundary, then its key check. */
function guardsOf(conventions: ClientConventions, dependencies: V1RouterDependencies): Middleware<GatewayState>[] {
  return [createFrontErrorBoundary(conventions, dependencies.logger), createAuthMiddleware(dependencies.keyResolvers, conventions)];
}

/** Runs the first guard chain whose conventions claim the request (`anthropic-version` → Anthropic's), else OpenAI's. */
function guardByClient(dependencies: V1RouterDependencies): Middleware<GatewayState> {
  const chain = (guards: Middleware<GatewayState>[]): Middleware<GatewayState> => (ctx, next) =>
    guards.reduceRight<() => Promise<unknown>>((rest, guard) => () => guard(ctx, rest), next)();
  const openAi = chain(guardsOf(openAiConventions, dependencies));
  const anthropic = chain(guardsOf(anthropicConventions, dependencies));
  return async function guardModelList(ctx, next) {
    await (isAnthropicClient((name) => ctx.get(name) || undefined) ? anthropic : openAi)(ctx, next);
  };
}

/**
 * Every `/v1` route, derived from the list of fronts: one router per client convention (where the
 * key is read, how errors look), each route behind that convention's error boundary and key check.
 * The Responses WebSocket probe is OpenAI's; the model list is shared: an Anthropic client (one that
 * sends `anthropic-version`, as the SDKs' `models.list()` does) gets Anthropic's key reading,
 * errors and list shape.
 */
export function createV1Routers(dependencies: V1RouterDependencies): GuardedRouter[] {
  const byConventions = new Map<ClientConventions, FrontOperation[]>([[openAiConventions, []]]);
  for (const front of FRONT_DOORS) {
    byConventions.set(front.conventions, [...(byConventions.get(front.conventions) ?? []), ...front.operations]);
  }
  const routers = [...byConventions].map(([conventions, operations]) => {
    const router = new GuardedRouter(undefined, 'service-key', guardsOf(conventions, dependencies));
    for (const operation of operations) router.post(operation.path, createFrontRoute(operation, dependencies));
    if (conventions === openAiConventions) router.get('/v1/responses', createResponsesWebSocketHandler());
    return router;
  });
  const modelList = new GuardedRouter(undefined, 'service-key', guardByClient(dependencies))
    .get('/v1/models', createListModelsHandler(dependencies.models))
    .get('/v1/models/*id', createRetrieveModelHandler(dependencies.models));
  return [...routers, modelList];
}
