import type { Context } from 'koa';
import { invalidRequest, matchesModelPattern, modelNotFound } from '@modelgate/core';
import { assertEndpointAllowed } from '../auth/check-key-scope.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { ModelRouter } from '../routing/model-router.js';

function visibleTo(state: GatewayState, id: string): boolean {
  const allowed = state.key?.allowedModels;
  return !allowed || allowed.some((pattern) => matchesModelPattern(pattern, id));
}

/** `GET /v1/models`: the models this key may use, in OpenAI's list format. */
export function createListModelsHandler(models: ModelRouter) {
  return async function listModels(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'models');
    ctx.body = { object: 'list', data: models.list().filter((model) => visibleTo(ctx.state, model.id)) };
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
    if (!route || !visibleTo(ctx.state, route.publicId)) throw modelNotFound(decoded);
    ctx.body = models.describe(route);
  };
}
