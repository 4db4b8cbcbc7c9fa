import type { Context } from 'koa';
import { invalidRequest, modelNotFound } from '@modelgate/core';
import { assertEndpointAllowed, keyMayUseModel } from '../auth/check-key-scope.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { ModelRouter } from '../routing/model-router.js';

/** `GET /v1/models`: the models this key may use, in OpenAI's list format. */
export function createListModelsHandler(models: ModelRouter) {
  return async function listModels(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'models');
    ctx.body = { object: 'list', data: models.list().filter((model) => keyMayUseModel(ctx.state.key!, model.id, model.owned_by)) };
  };
}

/** `GET /v1/models/{id}`; ids may contain `/` and `:`. */
export function createRetrieveModelHandler(models: ModelRouter) {
  return async function retrieveModel(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'models');
    const id = ctx.path.slice(ctx.path.indexOf('/models/') + '/models/'.length);
    let decoded: string;
    try {
      decoded = decodeURIComponent(id);
    } catch {
      throw invalidRequest('The model id in the URL is not valid percent-encoding.', 'model');
    }
    const route = models.resolve(decoded);
    if (!route || !keyMayUseModel(ctx.state.key!, route.publicId, route.instance.family)) throw modelNotFound(decoded);
    ctx.body = models.describe(route);
  };
}
