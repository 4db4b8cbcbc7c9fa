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

export function assertModelAllowed(key: AuthenticatedKey, model: string): void {
  if (key.allowedModels && !key.allowedModels.some((pattern) => matchesModelPattern(pattern, model))) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use the model '${model}'.`,
      param: 'model',
      code: 'model_not_permitted',
    });
  }
}

export function assertFamilyAllowed(key: AuthenticatedKey, model: string, family: string): void {
  if (key.allowedFamilies && !key.allowedFamilies.includes(family)) {
    throw new GatewayError({
      status: 403,
      message: `This API key may not use models of the '${family}' family ('${model}').`,
      param: 'model',
      code: 'model_not_permitted',
    });
  }
}
