import type { Context } from 'koa';
import { invalidRequest } from '@modelgate/core';
import { anthropicModelInfo, anthropicModelPage, assertEndpointAllowed, isAnthropicClient, keyMayUseModel, resolveModelForKey, type ModelRouter } from '@modelgate/pipeline';
import type { GatewayState } from '../middleware/gateway-state.js';

/** Whether the caller is an Anthropic client (it sends `anthropic-version`): it gets Anthropic's shapes. */
function fromAnthropicClient(ctx: Context): boolean {
  return isAnthropicClient((name) => ctx.get(name) || undefined);
}

/**
 * `GET /v1/models`: the models this key may use (by an alias, when only the alias is in its scope),
 * in OpenAI's list format, or in Anthropic's paged one for an Anthropic client (`models.list()`).
 */
export function createListModelsHandler(models: ModelRouter) {
  return async function listModels(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'models');
    const mayUse = (names: readonly string[], family: string) => keyMayUseModel(ctx.state.key!, names, family);
    ctx.body = fromAnthropicClient(ctx)
      ? anthropicModelPage(models.listFor(mayUse, anthropicModelInfo), ctx.query as Record<string, string | undefined>)
      : { object: 'list', data: models.listFor(mayUse) };
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
    const route = resolveModelForKey(models, ctx.state.key!, decoded);
    ctx.body = fromAnthropicClient(ctx) ? anthropicModelInfo(route, decoded) : models.describe(route, decoded);
  };
}
