import type { Context } from 'koa';
import { serveStateOperation, type StateOperationRoute } from '@modelgate/pipeline';
import { koaClientReply } from '../http/koa-client-reply.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { noteFailureForLog } from '../middleware/request-log-middleware.js';

/** An endpoint about vendor-side state by id (`GET /v1/responses/{id}`): a thin adapter, the pipeline serves it whole. */
export function createStateOperationRoute(route: StateOperationRoute, pipeline: Parameters<typeof serveStateOperation>[2]) {
  return async function stateOperation(ctx: Context & { state: GatewayState }): Promise<void> {
    const host = {
      requestId: ctx.state.requestId,
      headers: ctx.headers,
      reply: koaClientReply(ctx),
      stateId: (ctx.params as { id: string }).id,
      querystring: ctx.querystring,
      onClose(listener: () => void) {
        if (ctx.res.closed) listener();
        else ctx.res.once('close', listener);
      },
    };
    const { key, failure } = await serveStateOperation(host, route, pipeline);
    ctx.state.key = key;
    if (failure) noteFailureForLog(ctx, failure.code);
  };
}

