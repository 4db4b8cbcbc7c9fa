import type { ExchangeObserver } from '@modelgate/pipeline';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { ModelDeployments } from '../deployments/deployment-report.js';
import type { GuardedRouter } from '../http/create-router.js';
import { createTracing } from './create-tracing.js';
import { GatewayMetrics } from './gateway-metrics.js';
import { MetricsObserver } from './metrics-observer.js';
import { createMetricsRouter } from './metrics-router.js';

export interface ObservabilitySources {
  readonly usageQueueDepth: () => number;
  readonly deployments: () => readonly ModelDeployments[];
  /** Replaces the OTLP exporter (tests). */
  readonly spanExporter?: SpanExporter;
}

export interface GatewayObservability {
  /** Also the request gate's listener: its usage records feed the counters. */
  readonly metrics: MetricsObserver;
  /** Metrics, then traces when configured. */
  readonly observers: readonly ExchangeObserver[];
  /** `GET /metrics`. */
  readonly router: GuardedRouter;
  /** Exports the spans still buffered. */
  shutdown(): Promise<void>;
}

/** Prometheus metrics (always kept; served behind a token) and OpenTelemetry traces (when configured). */
export function createObservability(config: GatewayConfig, sources: ObservabilitySources): GatewayObservability {
  const metrics: GatewayMetrics = new GatewayMetrics(
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
  const observer: MetricsObserver = new MetricsObserver(metrics);
  const tracing = config.tracing ? createTracing(config.tracing, sources.spanExporter) : undefined;
  return {
    metrics: observer,
    observers: tracing ? [observer, tracing.observer] : [observer],
    router: createMetricsRouter(metrics, config.metrics, config.admin),
    shutdown: async () => tracing?.shutdown(),
  };
}
