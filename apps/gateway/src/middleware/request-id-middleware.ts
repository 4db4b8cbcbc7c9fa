import type { Middleware } from 'koa';
import { randomHex } from '@modelgate/pipeline';
import type { GatewayState } from './gateway-state.js';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Every response carries `x-request-id`: the caller's, when it sent a sane one, or a new one. */
export function createRequestIdMiddleware(): Middleware<GatewayState> {
  return async function requestId(ctx, next) {
    const incoming = ctx.req.headers['x-request-id'];
    ctx.state.requestId = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : `req_${randomHex(16)}`;
    ctx.state.startedAt = process.hrtime.bigint();
    ctx.res.setHeader('x-request-id', ctx.state.requestId);
    await next();
  };
}
