import type { Context } from 'koa';
import { serveFrontQuery, type FrontQueryRoute, type PipelineDependencies } from '@modelgate/pipeline';
import { koaClientReply } from '../http/koa-client-reply.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { noteFailureForLog } from '../middleware/request-log-middleware.js';

/** A path fronts answer themselves (`GET /v1/models`, the WebSocket probe): a thin adapter, the pipeline serves it whole. */
export function createFrontQueryRoute(routes: readonly FrontQueryRoute[], pipeline: Pick<PipelineDependencies, 'keys' | 'models' | 'logger'>) {
  return async function frontQuery(ctx: Context & { state: GatewayState }): Promise<void> {
    const host = { requestId: ctx.state.requestId, headers: ctx.headers, path: ctx.path, query: ctx.query as Record<string, string | undefined>, reply: koaClientReply(ctx) };
    const { key, failure } = await serveFrontQuery(host, routes, pipeline);
    ctx.state.key = key;
    if (failure) noteFailureForLog(ctx, failure.code);
  };
}
