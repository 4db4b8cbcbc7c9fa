import type { Context } from 'koa';
import { Exchange, readJsonRequest, runModelRequest, type ExchangeObserver, type FrontOperation, type PipelineDependencies } from '@modelgate/pipeline';
import { koaClientReply } from '../http/koa-client-reply.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';

export interface FrontRouteDependencies {
  readonly pipeline: PipelineDependencies;
  /** Usage records and limits, the request log: told when an answer is complete and when a request ends. */
  readonly observers: readonly ExchangeObserver[];
  readonly lifecycle: GatewayLifecycle;
  readonly bodyLimitBytes: number;
  /** Deepest nesting accepted in a JSON body. */
  readonly maxJsonDepth: number;
}

/**
 * A front operation's route: its guard has authenticated the caller, so the request becomes an
 * exchange (closed, for its observers, when the connection closes) and runs the pipeline.
 */
export function createFrontRoute(operation: FrontOperation, dependencies: FrontRouteDependencies) {
  return async function frontRoute(ctx: Context & { state: GatewayState }): Promise<void> {
    const exchange = new Exchange({
      requestId: ctx.state.requestId,
      startedAt: ctx.state.startedAt,
      key: ctx.state.key!,
      endpoint: operation.endpoint,
      incomingHeaders: ctx.headers,
      observers: dependencies.observers,
    });
    ctx.state.exchange = exchange;
    const close = () => exchange.close(dependencies.lifecycle.describeClose(ctx.res), () => ({ status: ctx.status, bodyComplete: ctx.req.complete }));
    // The client may have left while its key was being checked.
    if (ctx.res.closed) close();
    else ctx.res.once('close', close);
    await runModelRequest(
      {
        exchange,
        operation,
        readBody: () => readJsonRequest(ctx.req, dependencies.bodyLimitBytes, dependencies.maxJsonDepth),
        reply: koaClientReply(ctx),
      },
      dependencies.pipeline,
    );
  };
}
