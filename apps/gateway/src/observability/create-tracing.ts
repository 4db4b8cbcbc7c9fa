import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExchangeTracer } from '@modelgate/pipeline/telemetry';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ParentBasedSampler, SimpleSpanProcessor, TraceIdRatioBasedSampler, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { TracingConfig } from '../config/gateway-config.js';

export interface GatewayTracing {
  /** The pipeline extension that makes the spans. */
  readonly extension: ExchangeTracer;
  /** Exports the spans still buffered; the gateway calls it when it stops. */
  shutdown(): Promise<void>;
}

/** The spans' instrumentation scope. */
const INSTRUMENTATION_SCOPE = '@modelgate/gateway';

/**
 * The OpenTelemetry SDK for the gateway's traces: a tracer provider of its own (nothing global is
 * registered, so two gateways in one process keep their own), spans batched to the configured
 * OTLP/HTTP endpoint, W3C trace context in and out, and sampling that follows a client's sampled
 * flag and otherwise `sampleRatio`. `exporter` replaces OTLP (tests use the SDK's in-memory one,
 * exported at once).
 */
export function createTracing(config: TracingConfig, exporter?: SpanExporter): GatewayTracing {
  const spanProcessor = exporter
    ? new SimpleSpanProcessor({ exporter })
    : new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: config.endpoint, headers: config.headers }) });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRatio) }),
    spanProcessors: [spanProcessor],
  });
  const extension = new ExchangeTracer({
    tracer: provider.getTracer(INSTRUMENTATION_SCOPE),
    propagator: new W3CTraceContextPropagator(),
    captureContent: config.captureContent,
  });
  return {
    extension,
    shutdown: () => provider.shutdown(),
  };
}
