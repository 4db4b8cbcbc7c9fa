import type { Context } from 'koa';
import type { LimiterHealth } from '../limits/rate-limiter.js';

/**
 * `GET /health`: unauthenticated liveness for load balancers; says nothing about keys or upstreams.
 * It reports the rate limiter: with Redis down it is `degraded` (failing open, still 200) or
 * `unavailable` (failing closed, 503, so a load balancer can route around it), and how many
 * deployments are in rotation (counts only: the admin API names them).
 */
export function createHealthHandler(startedAt: number, limiterHealth?: () => LimiterHealth, deployments?: () => object) {
  return async function health(ctx: Context): Promise<void> {
    ctx.set('cache-control', 'no-store');
    const limiter = limiterHealth?.();
    const status = !limiter || limiter.status === 'up' ? 'ok' : limiter.failurePolicy === 'closed' ? 'unavailable' : 'degraded';
    if (status === 'unavailable') ctx.status = 503;
    ctx.body = { status, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), limiter, deployments: deployments?.() };
  };
}
