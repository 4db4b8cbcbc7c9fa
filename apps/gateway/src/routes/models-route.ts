import type { Context } from 'koa';
import { invalidRequest } from '@modelgate/core';
import { assertEndpointAllowed, keyMayUseModel, resolveModelForKey, type ModelRouter } from '@modelgate/pipeline';
import type { GatewayState } from '../middleware/gateway-state.js';

/** `GET /v1/models`: the models this key may use (by an alias, when only the alias is in its scope), in OpenAI's list format. */
export function createListModelsHandler(models: ModelRouter) {
  return async function listModels(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'models');
    ctx.body = { object: 'list', data: models.listFor((names, family) => keyMayUseModel(ctx.state.key!, names, family)) };
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
    ctx.body = models.describe(resolveModelForKey(models, ctx.state.key!, decoded), decoded);
  };
}
