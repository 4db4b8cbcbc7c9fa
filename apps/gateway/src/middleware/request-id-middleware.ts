import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { GatewayState } from './gateway-state.js';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Every response carries `x-request-id`: the caller's, when it sent a sane one, or a new one. */
export function createRequestIdMiddleware(): Middleware<GatewayState> {
  return async function requestId(ctx, next) {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
    ctx.state.startedAt = process.hrtime.bigint();
    ctx.set('x-request-id', ctx.state.requestId);
    await next();
  };
}
