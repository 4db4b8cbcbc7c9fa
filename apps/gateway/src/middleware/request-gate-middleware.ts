import type { Middleware } from 'koa';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { RequestGate } from '../limits/request-gate.js';
import type { GatewayState } from './gateway-state.js';

const MODEL_ENDPOINTS: Readonly<Record<string, GatewayEndpoint>> = {
  '/v1/chat/completions': 'chat',
  '/v1/responses': 'responses',
  '/v1/responses/compact': 'compact',
};

/** The endpoint of a request that asks a model for something; undefined for listings and the rest. */
function modelEndpointOf(path: string): GatewayEndpoint | undefined {
  return MODEL_ENDPOINTS[path];
}

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
      const endpoint = modelEndpointOf(ctx.path);
      if (ctx.state.key && endpoint) gate.recordRefusal(ctx.state, endpoint, outcome);
    });
    await next();
  };
}
