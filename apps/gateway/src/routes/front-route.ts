import type { Context } from 'koa';
import { readJsonRequest, serveModelRequest, type FrontRoute, type ModelRequestHost, type PipelineDependencies } from '@modelgate/pipeline';
import { koaClientReply } from '../http/koa-client-reply.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { noteFailureForLog } from '../middleware/request-log-middleware.js';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';

export interface FrontRouteDependencies {
  readonly pipeline: PipelineDependencies;
  readonly lifecycle: GatewayLifecycle;
  readonly bodyLimitBytes: number;
  /** Deepest nesting accepted in a JSON body. */
  readonly maxJsonDepth: number;
}

/** The pipeline's view of one Koa request. */
function koaRequestHost(ctx: Context & { state: GatewayState }, dependencies: FrontRouteDependencies): ModelRequestHost {
  return {
    requestId: ctx.state.requestId,
    startedAt: ctx.state.startedAt,
    headers: ctx.headers,
    target: { path: ctx.path, query: ctx.query },
    readBody: () => readJsonRequest(ctx.req, dependencies.bodyLimitBytes, dependencies.maxJsonDepth),
    reply: koaClientReply(ctx),
    onClose(listener) {
      const close = () => listener(dependencies.lifecycle.describeClose(ctx.res));
      // The client may have left while its key was being checked.
      if (ctx.res.closed) close();
      else ctx.res.once('close', close);
    },
    responseState: () => ({ status: ctx.status, bodyComplete: ctx.req.complete }),
    opened(exchange) {
      ctx.state.exchange = exchange;
    },
  };
}

/**
 * A front operation's route: a thin adapter, the pipeline serves the whole request (its key, its
 * errors in the front's envelope). The request log reads the exchange, and the code of an error
 * answered before there was one (a refused key).
 */
export function createFrontRoute(route: FrontRoute, dependencies: FrontRouteDependencies) {
  return async function frontRoute(ctx: Context & { state: GatewayState }): Promise<void> {
    const { failure } = await serveModelRequest(koaRequestHost(ctx, dependencies), route, dependencies.pipeline);
    if (failure) noteFailureForLog(ctx, failure.code);
  };
}
