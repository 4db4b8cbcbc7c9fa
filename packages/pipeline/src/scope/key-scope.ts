import { GatewayError, matchesModelPattern } from '@modelgate/core';
import { scopeNamesOf, type ModelRoute, type ModelRouter } from '../routing/model-router.js';

/** What a key may reach; each list absent means everything. */
export interface KeyScope {
  /** Model ids or globs. */
  readonly allowedModels?: readonly string[];
  /** Endpoint names (see GATEWAY_ENDPOINTS). */
  readonly allowedEndpoints?: readonly string[];
  /** Provider families (`openai`, `anthropic`, …). */
  readonly allowedFamilies?: readonly string[];
  /** `refuse` narrows the gateway's `responses.otherFamilies: bridge` for this key; it never widens it. */
  readonly responsesOtherFamilies?: 'refuse' | 'bridge';
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

/** 404 `model_not_found`, pointing to the list of models; ambiguous ids name the qualified forms the key may use. */
function modelNotFoundHere(model: string, qualified: readonly string[] = []): GatewayError {
  const choice = qualified.length > 0 ? ` Several providers serve it: name one, as ${qualified.map((id) => `'${id}'`).join(' or ')}.` : '';
  return new GatewayError({
    status: 404,
    kind: 'not_found',
    message: `The model '${model}' does not exist or you do not have access to it.${choice} GET /v1/models lists the models this key may use.`,
    param: 'model',
    code: 'model_not_found',
  });
}

/**
 * The route of a model the key may use. A model outside the key's scope is answered exactly like
 * an unknown one (404 `model_not_found`), as OpenAI does, so a scoped key cannot learn which other
 * models the gateway serves. An id several providers would serve is not guessed: the 404 names
 * the `<instance>/<model>` forms the key may use.
 */
export function resolveModelForKey(models: ModelRouter, key: KeyScope, requestedModel: string): ModelRoute {
  const lookup = models.lookup(requestedModel);
  const route = lookup.route;
  if (route && keyMayUseModel(key, [requestedModel, ...scopeNamesOf(route)], route.instance.family)) return route;
  const qualified = (lookup.candidates ?? []).filter((candidate) => keyMayUseModel(key, scopeNamesOf(candidate), candidate.instance.family));
  throw modelNotFoundHere(requestedModel, qualified.map((candidate) => candidate.publicId));
}
