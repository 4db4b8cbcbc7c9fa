import type { Logger } from 'pino';
import type { CapturedExchange } from './captured-exchange.js';
import { postCaptureExport } from './post-capture-export.js';

/** The webhook export sink: POSTs each capture, as stored (redacted), as JSON. */
export function captureWebhook(settings: { url: string; timeoutMs?: number }, logger: Logger): (capture: CapturedExchange) => Promise<void> {
  return (capture) => postCaptureExport(settings, capture, { sink: 'webhook', captureId: capture.id }, logger);
}
