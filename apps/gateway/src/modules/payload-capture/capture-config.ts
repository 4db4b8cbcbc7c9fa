import { exportHeaders, httpUrl, nonEmptyString, positiveInteger, stringList } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';

export interface CaptureConfig {
  models?: string[];
  keys?: string[];
  maxBodyBytes: number;
  retentionDays: number;
  maxTotalBytes: number;
  sweepIntervalSeconds: number;
  webhook?: { url: string; timeoutMs: number };
  otlp?: { endpoint: string; headers?: Record<string, string>; timeoutMs: number };
}

export interface CaptureSection {
  capture?: CaptureConfig;
}

/** Payload capture: off unless `capture` names the models or keys whose exchanges are kept. */
export const captureConfigFragment: ConfigFragment = {
  titles: { capture: 'Payload capture' },
  properties: {
    capture: {
      type: 'object',
      additionalProperties: false,
      anyOf: [{ required: ['models'] }, { required: ['keys'] }],
      description: 'Keeps the request and answer bodies of the exchanges of some models or keys (docs/payload-capture.md), redacted, in their own table. Off without it.',
      defaultText: 'off',
      properties: {
        models: { ...stringList, description: 'Public model ids whose exchanges are captured.' },
        keys: { type: 'array', items: nonEmptyString, description: 'Key names (config or issued) whose exchanges are captured.' },
        maxBodyBytes: { ...positiveInteger, default: 65536, description: 'The most of each body kept (a stream: its assembled text); the rest is cut and the capture marked truncated.' },
        retentionDays: { ...positiveInteger, default: 7, description: 'Captures older than this are deleted.' },
        maxTotalBytes: { ...positiveInteger, default: 268435456, description: 'The most all captures may take; the oldest are deleted past it, on every write and every sweep.' },
        sweepIntervalSeconds: { ...positiveInteger, default: 300, description: 'How often retention runs besides on writes.' },
        webhook: {
          type: 'object',
          additionalProperties: false,
          required: ['url'],
          description: 'An export sink: each capture, as stored (redacted), is POSTed here as JSON once written; a failure is logged and not retried.',
          defaultText: 'none',
          properties: {
            url: { ...httpUrl, description: 'Where captures are POSTed.' },
            timeoutMs: { ...positiveInteger, default: 5000, description: 'How long one POST may take.' },
          },
        },
        otlp: {
          type: 'object',
          additionalProperties: false,
          required: ['endpoint'],
          description: 'An export sink: each capture, as stored (redacted), is sent once written as an OTLP log record (OTLP/HTTP, JSON) whose body is the capture; a failure is logged and not retried.',
          defaultText: 'none',
          properties: {
            endpoint: { ...httpUrl, description: "The collector's OTLP/HTTP base URL (`http://…:4318`); records are POSTed to `<endpoint>/v1/logs`." },
            headers: { ...exportHeaders, description: "Headers sent with each export (a collector's `authorization`)." },
            timeoutMs: { ...positiveInteger, default: 5000, description: 'How long one POST may take.' },
          },
        },
      },
    },
  },
};
