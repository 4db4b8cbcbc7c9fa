import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import type { Middleware } from 'koa';
import type { RequestGate } from '../limits/request-gate.js';
import { modelEndpointOfPath } from '../routes/model-endpoint-paths.js';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import { describeRequestEnding, noteConnectionClose } from '../usage/request-ending.js';
import type { GatewayState } from './gateway-state.js';

/**
 * Puts the gate on every request's state for `admitRequest`, with the gateway's own id for the
 * request's usage record and concurrency lease. A whole answer's record is queued (and spooled)
 * before Koa writes the answer; streams do the same before their last write. When the connection
 * closes, admitted requests are settled (after the stream, if any, has settled), whatever the
 * outcome. A model request that was authenticated but never admitted (bad body, unknown model, out
 * of scope, over a limit, or left by its client) still leaves a usage record with no tokens.
 */
export function createRequestGateMiddleware(gate: RequestGate, lifecycle: GatewayLifecycle): Middleware<GatewayState> {
  return async function requestGate(ctx, next) {
    const state = ctx.state;
    state.gate = gate;
    // Not the client's x-request-id: two requests may send the same one, and must not share a lease.
    state.recordId = randomUUID();
    ctx.res.once('close', () => {
      state.connectionClosed = true;
      const closed = noteConnectionClose(ctx.res, lifecycle);
      const ending = () => describeRequestEnding(state, closed, ctx.status, ctx.req);
      if (state.admission) {
        gate.settle(state, ending);
        return;
      }
      const endpoint = modelEndpointOfPath(ctx.path);
      if (state.key && endpoint) gate.recordRefusal(state, endpoint, ending());
    });
    await next();
    if (ctx.body instanceof Stream) return;
    state.stage = 'responding';
    gate.recordAnswer(state, ctx.status, ctx.body);
  };
}
