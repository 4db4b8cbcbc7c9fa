import { GatewayError, matchesModelPattern, modelNotFound } from '@modelgate/core';
import type { ModelRoute, ModelRouter } from '../routing/model-router.js';

/** What a key may reach; each list absent means everything. */
export interface KeyScope {
  /** Model ids or globs. */
  readonly allowedModels?: readonly string[];
  /** Endpoint names (see GATEWAY_ENDPOINTS). */
  readonly allowedEndpoints?: readonly string[];
  /** Provider families (`openai`, `anthropic`, …). */
  readonly allowedFamilies?: readonly string[];
}

export function assertEndpointAllowed(key: KeyScope, endpoint: string): void {
  if (key.allowedEndpoints && !key.allowedEndpoints.includes(endpoint)) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use the '${endpoint}' endpoint.`,
      code: 'endpoint_not_permitted',
    });
  }
}

/**
 * Whether the key may use a model of this family under one of the names it goes by (the id the
 * client sent, which may be an alias, and the model's public id): what `/v1/models` shows it.
 */
export function keyMayUseModel(key: KeyScope, names: readonly string[], family: string): boolean {
  const modelAllowed = !key.allowedModels || names.some((name) => key.allowedModels!.some((pattern) => matchesModelPattern(pattern, name)));
  return modelAllowed && (!key.allowedFamilies || key.allowedFamilies.includes(family));
}

/**
 * The route of a model the key may use. A model outside the key's scope is answered exactly like
 * an unknown one (404 `model_not_found`), as OpenAI does, so a scoped key cannot learn which other
 * models the gateway serves.
 */
export function resolveModelForKey(models: ModelRouter, key: KeyScope, requestedModel: string): ModelRoute {
  const route = models.resolve(requestedModel);
  if (!route || !keyMayUseModel(key, [requestedModel, route.publicId], route.instance.family)) throw modelNotFound(requestedModel);
  return route;
}
