import { exportHeaders, httpUrl, nonEmptyString } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';

/** OpenTelemetry traces, exported over OTLP/HTTP; off unless configured. */
export interface TracingConfig {
  endpoint: string;
  headers?: Record<string, string>;
  serviceName: string;
  sampleRatio: number;
  captureContent: boolean;
}

export interface TracingSection {
  /** Traces are off without it. */
  tracing?: TracingConfig;
}

export const tracingConfigFragment: ConfigFragment = {
  titles: { tracing: 'Traces (OpenTelemetry)' },
  properties: {
    tracing: {
      type: 'object',
      additionalProperties: false,
      required: ['endpoint'],
      properties: {
        endpoint: {
          ...httpUrl,
          description: "The collector's OTLP/HTTP traces URL (`http://…:4318/v1/traces`). Traces are off without `tracing` ([observability.md](observability.md)).",
        },
        headers: { ...exportHeaders, description: "Headers sent with each export (a collector's `authorization`)." },
        serviceName: { ...nonEmptyString, description: 'The `service.name` of the spans.', default: 'modelgate' },
        sampleRatio: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: "Share of requests traced when the client's `traceparent` does not decide (a client's sampled flag is followed).",
          default: 1,
        },
        captureContent: {
          type: 'boolean',
          description: 'Record prompts and answers on the request span (`gen_ai.input.messages`, `gen_ai.output.messages`). Off: spans carry no content.',
          default: false,
        },
      },
    },
  },
};
