import type { CallContextV1, LoggerV1 } from '@modelgate/core';
import type { Exchange, ExchangeKey } from '../exchange/exchange.js';
import type { FrontPolicy } from '../fronts/front-door.js';
import type { Deployment, ModelRoute } from '../routing/model-router.js';

/** The client's headers among `names`, for a pass-through translator to relay (never the key or anything else). */
function pickClientHeaders(exchange: Exchange, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = exchange.incomingHeaders[name];
    if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return picked;
}

/**
 * What a translator knows of the call: ids for its messages, the model names, where warnings go,
 * the client headers its front relays (`relayedHeaders`), and the model's prompt-caching policy.
 */
export function createCallContext(
  exchange: Exchange,
  route: ModelRoute,
  deployment: Deployment,
  logger: Pick<LoggerV1, 'warn'>,
  relayedHeaders: readonly string[] = [],
): CallContextV1 {
  return {
    requestId: exchange.requestId,
    publicModel: route.publicId,
    upstreamModel: deployment.upstreamModel,
    warn: (warning) => logger.warn({ requestId: exchange.requestId, warning }, 'translation warning'),
    clientHeaders: pickClientHeaders(exchange, relayedHeaders),
    ...(route.promptCache && { promptCache: route.promptCache }),
  };
}

/** The route as one of its deployments serves it: what a translator and the admission see. */
export function routeOnDeployment(route: ModelRoute, deployment: Deployment): ModelRoute {
  if (deployment === route.deployments[0]) return route;
  return { ...route, instance: deployment.instance, upstreamModel: deployment.upstreamModel, card: deployment.card, pricing: deployment.pricing };
}

/** The gateway's front settings as they apply to one key: a key may narrow them, never widen them. */
export function frontPolicyFor(key: ExchangeKey, settings: { readonly responsesOtherFamilies?: 'refuse' | 'bridge' }): FrontPolicy {
  const bridge = settings.responsesOtherFamilies === 'bridge' && key.responsesOtherFamilies !== 'refuse';
  return { responsesOtherFamilies: bridge ? 'bridge' : 'refuse' };
}
