import type { Middleware } from 'koa';
import type { RequestGate } from '../limits/request-gate.js';
import type { GatewayState } from './gateway-state.js';

/**
 * Puts the gate on every request's state for `admitRequest`, and settles admitted requests when
 * their connection closes (after the stream, if any, has settled), whatever the outcome.
 */
export function createRequestGateMiddleware(gate: RequestGate): Middleware<GatewayState> {
  return async function requestGate(ctx, next) {
    ctx.state.gate = gate;
    ctx.res.once('close', () => {
      if (ctx.state.admission) gate.settle(ctx.state, { status: ctx.status, clientAborted: !ctx.res.writableFinished });
    });
    await next();
  };
}
