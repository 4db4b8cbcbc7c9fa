import { defineModule } from '../gateway-module.js';
import type { GuardrailDecision } from '../guardrails/guardrail-decision.js';
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
    const tracer = tracing.extension;
    return {
      extension: {
        id: tracer.id,
        open(exchange) {
          const trace = tracer.open(exchange);
          // The gateway's own decisions on the request become events of its span (never the text).
          return Object.assign(trace, {
            guardrailActed: (decision: GuardrailDecision) =>
              trace.addEvent('modelgate.guardrail', { 'modelgate.guardrail.name': decision.guardrail, 'modelgate.guardrail.action': decision.action, 'modelgate.guardrail.phase': decision.phase }),
          });
        },
      },
      close: () => tracing.shutdown(),
    };
  },
});
