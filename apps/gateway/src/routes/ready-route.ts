import type { Context } from 'koa';
import type { LimiterHealth } from '../limits/rate-limiter.js';

export interface ReadinessChecks {
  /** Resolves when the store answers a trivial query. */
  readonly store: () => Promise<void>;
  readonly limiter: () => LimiterHealth;
  /** Models with no deployment left in rotation. */
  readonly modelsWithoutDeployment: () => number;
}

const STORE_CHECK_TIMEOUT_MS = 2_000;

async function storeReachable(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), STORE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /ready`: whether this replica should get traffic (for a load balancer's readiness probe):
 * its config is loaded (it answers at all), its store answers, its rate limiter can decide (Redis
 * up, or failing open), and every model has a deployment in rotation. 200 or 503, with each check;
 * no model or deployment names (the admin API has them).
 */
export function createReadyHandler(checks: ReadinessChecks) {
  return async function ready(ctx: Context): Promise<void> {
    ctx.set('cache-control', 'no-store');
    const limiter = checks.limiter();
    const result = {
      store: (await storeReachable(checks.store)) ? 'ok' : 'unreachable',
      limiter: limiter.status === 'up' ? 'ok' : limiter.failurePolicy === 'closed' ? 'unavailable' : 'degraded',
      modelsWithoutDeployment: checks.modelsWithoutDeployment(),
    };
    const isReady = result.store === 'ok' && result.limiter !== 'unavailable' && result.modelsWithoutDeployment === 0;
    ctx.status = isReady ? 200 : 503;
    ctx.body = { status: isReady ? 'ready' : 'not_ready', checks: result };
  };
}
