import { observerExtension, type PipelineExtension } from '@modelgate/pipeline';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { Registry } from 'prom-client';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { ModelDeployments } from '../deployments/deployment-report.js';
import type { GuardedRouter } from '../http/create-router.js';
import type { RequestGateListener } from '../limits/request-gate.js';
import { tokenDigest } from '../auth/bearer-token-guard.js';
import { MetricsObserver, type ListedNames } from './metrics-observer.js';
import { createMetricsRouter, type MetricsRender } from './metrics-router.js';

export interface ObservabilitySources {
  readonly usageQueueDepth: () => number;
  readonly deployments: () => readonly ModelDeployments[];
  /** The model and deployment ids that may be label values (the router's listed ones). */
  readonly listed: ListedNames;
  /** A worker's (`server.workers`): offers its registry to the primary's sum, and renders that sum instead of its own. */
  readonly shareMetrics?: (registry: Registry) => Promise<MetricsRender>;
  /** Replaces the OTLP exporter (tests). */
  readonly spanExporter?: SpanExporter;
}

export interface GatewayObservability {
  /** The request gate's listener: its usage records feed the counters (none when metrics are off). */
  readonly gateListener: RequestGateListener;
  /** Metrics, then traces, as configured. */
  readonly extensions: readonly PipelineExtension[];
  /** `GET /metrics` (a 404 that says why when no token opens it). */
  readonly router: GuardedRouter;
  /** Exports the spans still buffered. */
  shutdown(): Promise<void>;
}

/**
 * Prometheus metrics, kept whenever `GET /metrics` can be read (an admin or metrics token is
 * configured), and OpenTelemetry traces when `tracing` is. What is off is not loaded: no
 * prom-client without a token to read it, no OpenTelemetry SDK without `tracing`, and no work per
 * request for either.
 */
export async function createObservability(config: GatewayConfig, sources: ObservabilitySources): Promise<GatewayObservability> {
  const readable = tokenDigest(config.admin) !== undefined || tokenDigest(config.metrics) !== undefined;
  const metrics = readable ? await createMetrics(config, sources) : undefined;
  const tracing = config.tracing ? (await import('./create-tracing.js')).createTracing(config.tracing, sources.spanExporter) : undefined;
  return {
    gateListener: metrics?.observer ?? {},
    extensions: [...(metrics ? [observerExtension('metrics', metrics.observer)] : []), ...(tracing ? [tracing.observer] : [])],
    router: createMetricsRouter(metrics?.render, config.metrics, config.admin),
    shutdown: async () => tracing?.shutdown(),
  };
}

async function createMetrics(config: GatewayConfig, sources: ObservabilitySources) {
  const { GatewayMetrics } = await import('./gateway-metrics.js');
  const metrics = new GatewayMetrics(
    {
      // Read at scrape time, once the observer below exists.
      inFlight: (): ReturnType<MetricsObserver['inFlight']> => observer.inFlight(),
      usageQueueDepth: sources.usageQueueDepth,
      deployments: () =>
        sources.deployments().flatMap(({ model, deployments }) =>
          deployments.map((status) => ({ model, deployment: status.id, up: status.state === 'in-rotation' || status.state === 'probe-due' })),
        ),
    },
    config.metrics.keyLabels,
  );
  const observer: MetricsObserver = new MetricsObserver(metrics, sources.listed);
  const render: MetricsRender = sources.shareMetrics ? await sources.shareMetrics(metrics.registry) : () => metrics.render();
  return { observer, render };
}
