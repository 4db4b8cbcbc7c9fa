import { invalidRequest, type GatewayError, type ResponsesTranslatorV1 } from '@modelgate/core';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import { resolveModelForKey } from '../auth/check-key-scope.js';
import type { ModelRoute, ModelRouter } from '../routing/model-router.js';
import { MODEL_ENDPOINT_PATHS } from './model-endpoint-paths.js';

/** The two Responses endpoints, by the key scope that guards them. */
export type ResponsesEndpoint = 'responses' | 'compact';

export interface ResolvedResponsesRoute {
  readonly route: ModelRoute;
  readonly translator: ResponsesTranslatorV1;
}

/** The stable error for a model whose provider does not speak the Responses API. */
export function unsupportedModelForEndpoint(route: ModelRoute, endpoint: ResponsesEndpoint): GatewayError {
  return invalidRequest(
    `The model '${route.publicId}' is served by the '${route.instance.id}' provider, which does not support ${MODEL_ENDPOINT_PATHS[endpoint]}: ` +
      `only OpenAI-family models speak the Responses API here. Send this model to POST /v1/chat/completions instead.`,
    'model',
    'unsupported_model_for_endpoint',
  );
}

/**
 * Finds the provider and its Responses translator for a model the key may use (else 404). Only providers that speak the
 * Responses API natively have one; every other family gets a 400 pointing to chat completions.
 * This is the seam for an opt-in bridge (Responses over a chat translator, PROTOCOLS F.13): it would
 * return a bridging translator here instead of the error.
 */
export function resolveResponsesRoute(models: ModelRouter, key: AuthenticatedKey, model: string, endpoint: ResponsesEndpoint): ResolvedResponsesRoute {
  const route = resolveModelForKey(models, key, model);
  const translator = route.instance.provider.responses;
  if (!translator) throw unsupportedModelForEndpoint(route, endpoint);
  return { route, translator };
}
