import { tokenDigest } from '../../auth/bearer-token-guard.js';
import type { GatewayMetrics } from '../../observability/gateway-metrics.js';
import { MetricsExtension } from '../../observability/metrics-extension.js';
import { createMetricsRouter, type MetricsRender } from '../../observability/metrics-router.js';
import type { AdminSection } from '../admin/admin-config.js';
import { defineModule, type ModuleContext } from '../gateway-module.js';
import { metricsConfigFragment, type MetricsSection } from './metrics-config.js';

/**
 * Prometheus metrics at `GET /metrics`, kept whenever it can be read (an admin or metrics token is
 * configured). Off, prom-client is not even loaded and requests do no work for it; the route then
 * answers a 404 that says why.
 */
export const metricsModule = defineModule<MetricsSection & AdminSection>({
  id: 'metrics',
  configSchema: metricsConfigFragment,
  async create(config, context) {
    const readable = tokenDigest(config.admin) !== undefined || tokenDigest(config.metrics) !== undefined;
    const metrics = readable ? await createMetrics(config.metrics.keyLabels, context) : undefined;
    return {
      extension: metrics?.extension,
      routers: [createMetricsRouter(metrics?.render, config.metrics, config.admin)],
    };
  },
});

async function createMetrics(keyLabels: boolean, context: ModuleContext): Promise<{ extension: MetricsExtension; render: MetricsRender }> {
  const { GatewayMetrics } = await import('../../observability/gateway-metrics.js');
  const metrics: GatewayMetrics = new GatewayMetrics(
    {
      // Read at scrape time, once the extension below exists.
      inFlight: (): ReturnType<MetricsExtension['inFlight']> => extension.inFlight(),
      usageQueueDepth: () => context.recorder.queueDepth,
      deployments: () =>
        context.deploymentReport().flatMap(({ model, deployments }) =>
          deployments.map((status) => ({ model, deployment: status.id, up: status.state === 'in-rotation' || status.state === 'probe-due' })),
        ),
    },
    keyLabels,
  );
  const extension: MetricsExtension = new MetricsExtension(metrics, context.models);
  const render: MetricsRender = context.options.shareMetrics ? await context.options.shareMetrics(metrics.registry) : () => metrics.render();
  return { extension, render };
}
