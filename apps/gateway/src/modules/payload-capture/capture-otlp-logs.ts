import type { Logger } from 'pino';
import type { CapturedExchange } from './captured-exchange.js';
import { postCaptureExport } from './post-capture-export.js';

/** An OTLP AnyValue in its JSON encoding (int64 as a decimal string). */
type OtlpValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;
/** OTLP's SeverityNumber INFO. */
const SEVERITY_INFO = 9;
const SERVICE_NAME = 'modelgate';
const SCOPE_NAME = 'modelgate.payload-capture';

function unixNano(milliseconds: number): string {
  return String(BigInt(Math.trunc(milliseconds)) * NANOSECONDS_PER_MILLISECOND);
}

/** The record's attributes: what an operator filters on in a log backend, never a body. */
function captureAttributes(capture: CapturedExchange): Array<{ key: string; value: OtlpValue }> {
  const attributes: Array<[string, OtlpValue | undefined]> = [
    ['modelgate.capture_id', { stringValue: capture.id }],
    ['modelgate.request_id', { stringValue: capture.requestId }],
    ['modelgate.key_id', { stringValue: capture.keyId }],
    ['gen_ai.request.model', capture.model === undefined ? undefined : { stringValue: capture.model }],
    ['modelgate.endpoint', { stringValue: capture.endpoint }],
    ['http.response.status_code', { intValue: String(capture.status) }],
    ['modelgate.stream', { boolValue: capture.stream }],
    ['modelgate.capture.truncated', { boolValue: capture.truncated }],
  ];
  return attributes.flatMap(([key, value]) => (value ? [{ key, value }] : []));
}

/**
 * One capture as OTLP LogsData (OTLP/HTTP, JSON encoding): one log record whose body is the
 * capture, as stored (redacted), as JSON text.
 */
export function captureLogsData(capture: CapturedExchange, observedAt: number): unknown {
  return {
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: SERVICE_NAME } }] },
        scopeLogs: [
          {
            scope: { name: SCOPE_NAME },
            logRecords: [
              {
                timeUnixNano: unixNano(capture.createdAt),
                observedTimeUnixNano: unixNano(observedAt),
                severityNumber: SEVERITY_INFO,
                severityText: 'INFO',
                body: { stringValue: JSON.stringify(capture) },
                attributes: captureAttributes(capture),
              },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * The OTLP logs export sink: POSTs each capture to `<endpoint>/v1/logs`, one record per request
 * (captures are written one by one after their requests ended, so nothing waits on a batch).
 */
export function captureOtlpLogs(settings: { endpoint: string; headers?: Record<string, string>; timeoutMs?: number }, logger: Logger): (capture: CapturedExchange) => Promise<void> {
  const target = { ...settings, url: `${settings.endpoint.replace(/\/+$/, '')}/v1/logs` };
  return (capture) => postCaptureExport(target, captureLogsData(capture, Date.now()), { sink: 'otlp', captureId: capture.id }, logger);
}
