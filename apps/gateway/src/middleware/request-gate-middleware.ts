import type { Middleware } from 'koa';
import type { RequestGate } from '../limits/request-gate.js';
import { modelEndpointOfPath } from '../routes/model-endpoint-paths.js';
import type { GatewayState } from './gateway-state.js';

/**
 * Puts the gate on every request's state for `admitRequest`, and settles admitted requests when
 * their connection closes (after the stream, if any, has settled), whatever the outcome. A model
 * request that was authenticated but never admitted (bad body, unknown model, out of scope, over a
 * limit) still leaves a usage record with its status and no tokens.
 */
export function createRequestGateMiddleware(gate: RequestGate): Middleware<GatewayState> {
  return async function requestGate(ctx, next) {
    ctx.state.gate = gate;
    ctx.res.once('close', () => {
      const outcome = { status: ctx.status, clientAborted: !ctx.res.writableFinished };
      if (ctx.state.admission) {
        gate.settle(ctx.state, outcome);
        return;
      }
      const endpoint = modelEndpointOfPath(ctx.path);
      if (ctx.state.key && endpoint) gate.recordRefusal(ctx.state, endpoint, outcome);
    });
    await next();
  };
}
