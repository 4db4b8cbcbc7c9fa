// @modelgate/pipeline/telemetry: OpenTelemetry spans for exchanges, through the OpenTelemetry API
// alone. A subpath of its own, so that a host which does not trace never loads the API.

export { ExchangeTracer, RequestTrace, type ExchangeTracingOptions } from './exchange-tracer.js';
export { GEN_AI, genAiProviderName } from './gen-ai-attributes.js';
