import { GatewayError, matchesModelPattern } from '@modelgate/core';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { AuthenticatedKey } from './authenticated-key.js';

export function assertEndpointAllowed(key: AuthenticatedKey, endpoint: GatewayEndpoint): void {
  if (key.allowedEndpoints && !key.allowedEndpoints.includes(endpoint)) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use the '${endpoint}' endpoint.`,
      code: 'endpoint_not_permitted',
    });
  }
}

function modelAllowed(key: AuthenticatedKey, model: string): boolean {
  return !key.allowedModels || key.allowedModels.some((pattern) => matchesModelPattern(pattern, model));
}

function familyAllowed(key: AuthenticatedKey, family: string): boolean {
  return !key.allowedFamilies || key.allowedFamilies.includes(family);
}

/** Whether the key may use this model of this family: what `/v1/models` shows it. */
export function keyMayUseModel(key: AuthenticatedKey, model: string, family: string): boolean {
  return modelAllowed(key, model) && familyAllowed(key, family);
}

export function assertModelAllowed(key: AuthenticatedKey, model: string): void {
  if (!modelAllowed(key, model)) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use the model '${model}'.`,
      param: 'model',
      code: 'model_not_permitted',
    });
  }
}

export function assertFamilyAllowed(key: AuthenticatedKey, model: string, family: string): void {
  if (!familyAllowed(key, family)) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use models of the '${family}' family ('${model}').`,
      param: 'model',
      code: 'model_not_permitted',
    });
  }
}
