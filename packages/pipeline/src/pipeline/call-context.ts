import type { CallContextV1, LoggerV1 } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';
import type { Deployment, ModelRoute } from '../routing/model-router.js';

/** What a translator knows of the call: ids for its messages, the model names, and where warnings go. */
export function createCallContext(exchange: Exchange, route: ModelRoute, deployment: Deployment, logger: Pick<LoggerV1, 'warn'>): CallContextV1 {
  return {
    requestId: exchange.requestId,
    publicModel: route.publicId,
    upstreamModel: deployment.upstreamModel,
    warn: (warning) => logger.warn({ requestId: exchange.requestId, warning }, 'translation warning'),
  };
}

/** The route as one of its deployments serves it: what a translator and the admission see. */
export function routeOnDeployment(route: ModelRoute, deployment: Deployment): ModelRoute {
  if (deployment === route.deployments[0]) return route;
  return { ...route, instance: deployment.instance, upstreamModel: deployment.upstreamModel, card: deployment.card, pricing: deployment.pricing };
}
