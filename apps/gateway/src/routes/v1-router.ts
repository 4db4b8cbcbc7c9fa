import type { Middleware } from 'koa';
import { anthropicConventions, FRONT_DOORS, isAnthropicClient, openAiConventions, type ClientConventions, type FrontRoute, type KeyAuthenticator, type ModelRouter, type PipelineDependencies } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { KeyResolver } from '../auth/authenticated-key.js';
import { GuardedRouter } from '../http/create-router.js';
import { createAuthMiddleware } from '../middleware/auth-middleware.js';
import { createFrontErrorBoundary } from '../middleware/error-envelope-middleware.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { createFrontRoute, type FrontRouteDependencies } from './front-route.js';
import { createListModelsHandler, createRetrieveModelHandler } from './models-route.js';
import { createResponsesWebSocketHandler } from './responses-websocket-route.js';

export interface V1RouterDependencies extends Omit<FrontRouteDependencies, 'pipeline'> {
  /** The pipeline's dependencies but its key check, which is made of `keyResolvers`. */
  readonly pipeline: Omit<PipelineDependencies, 'keys'>;
  readonly models: ModelRouter;
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
 * key is read, how errors look). A front operation's route is served whole by the pipeline (key
 * and errors included; the error boundary only catches the adapter's own bugs); the others sit
 * behind the convention's error boundary and key check.
 * The Responses WebSocket probe is OpenAI's; the model list is shared: an Anthropic client (one that
 * sends `anthropic-version`, as the SDKs' `models.list()` does) gets Anthropic's key reading,
 * errors and list shape.
 */
export function createV1Routers(dependencies: V1RouterDependencies): GuardedRouter[] {
  const frontRoutes = { ...dependencies, pipeline: { ...dependencies.pipeline, keys: keysOf(dependencies.keyResolvers) } };
  const byConventions = new Map<ClientConventions, FrontRoute[]>([[openAiConventions, []]]);
  for (const front of FRONT_DOORS) {
    byConventions.set(front.conventions, [...(byConventions.get(front.conventions) ?? []), ...front.operations.map((operation) => ({ front, operation }))]);
  }
  const routers = [...byConventions].map(([conventions, routes]) => {
    const served = new GuardedRouter(undefined, 'service-key', createFrontErrorBoundary(conventions, dependencies.logger));
    for (const route of routes) served.post(route.operation.path, createFrontRoute(route, frontRoutes));
    if (conventions !== openAiConventions) return [served];
    return [served, new GuardedRouter(undefined, 'service-key', guardsOf(conventions, dependencies)).get('/v1/responses', createResponsesWebSocketHandler())];
  });
  const modelList = new GuardedRouter(undefined, 'service-key', guardByClient(dependencies))
    .get('/v1/models', createListModelsHandler(dependencies.models))
    .get('/v1/models/*id', createRetrieveModelHandler(dependencies.models));
  return [...routers.flat(), modelList];
}
