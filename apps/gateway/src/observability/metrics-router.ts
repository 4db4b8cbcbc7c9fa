import { GatewayError } from '@modelgate/core';
import { createBearerTokenGuard, tokenDigest } from '../auth/bearer-token-guard.js';
import type { AdminConfig, MetricsConfig } from '../config/gateway-config.js';
import { GuardedRouter } from '../http/create-router.js';
import type { GatewayMetrics } from './gateway-metrics.js';

/** The exposition text and its content type, when metrics are kept. */
export type MetricsRender = GatewayMetrics['render'];

/**
 * `GET /metrics` in Prometheus' text format, behind a bearer token: the admin token, or the metrics
 * token (`metrics.token`) a scraper is given instead. Without either, the route is off (404).
 */
export function createMetricsRouter(render: MetricsRender | undefined, config: MetricsConfig, admin: AdminConfig | undefined): GuardedRouter {
  const digests = [tokenDigest(admin), tokenDigest(config)].filter((digest): digest is string => digest !== undefined);
  const guard = createBearerTokenGuard({
    digests,
    disabled: () => new GatewayError({ status: 404, code: 'metrics_disabled', message: 'GET /metrics is off: configure metrics.token, or admin.token to read it with the admin token.' }),
    invalid: () => new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_metrics_token', message: 'GET /metrics needs the metrics token or the admin token.' }),
  });
  const router = new GuardedRouter(undefined, 'metrics-token', guard);
  router.get('/metrics', async (ctx) => {
    // No token, no metrics kept: the guard has answered 404 before this.
    const { contentType, text } = await render!();
    ctx.type = contentType;
    ctx.body = text;
  });
  return router;
}
