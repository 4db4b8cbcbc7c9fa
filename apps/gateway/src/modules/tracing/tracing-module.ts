import { defineModule } from '../gateway-module.js';
import { tracingConfigFragment, type TracingSection } from './tracing-config.js';

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when `tracing` is configured; without it the SDK is
 * not loaded. The spans are made by the pipeline's tracer (`@modelgate/pipeline/telemetry`).
 */
export const tracingModule = defineModule<TracingSection>({
  id: 'tracing',
  configSchema: tracingConfigFragment,
  async create(config, context) {
    if (!config.tracing) return {};
    const tracing = (await import('../../observability/create-tracing.js')).createTracing(config.tracing, context.options.spanExporter);
    return { extension: tracing.extension, close: () => tracing.shutdown() };
  },
});
