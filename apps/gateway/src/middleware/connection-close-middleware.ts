import type { Middleware } from 'koa';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import type { GatewayState } from './gateway-state.js';

/**
 * While the gateway drains for shutdown, every answer whose headers are still to be written carries
 * `Connection: close` (Node then closes the socket after it), so a keep-alive client opens its next
 * connection elsewhere instead of sending a request into a socket about to be closed.
 */
export function createConnectionCloseMiddleware(lifecycle: GatewayLifecycle): Middleware<GatewayState> {
  return async function closeConnectionsWhileDraining(ctx, next) {
    await next();
    if (lifecycle.draining && !ctx.headerSent) ctx.set('Connection', 'close');
  };
}
