import type { Context } from 'koa';

/** `GET /health`: unauthenticated liveness for load balancers; says nothing about keys or upstreams. */
export function createHealthHandler(startedAt: number) {
  return async function health(ctx: Context): Promise<void> {
    ctx.set('cache-control', 'no-store');
    ctx.body = { status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  };
}
