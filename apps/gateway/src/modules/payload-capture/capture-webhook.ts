import type { Logger } from 'pino';
import type { CapturedExchange } from './captured-exchange.js';

/** The default of `capture.webhook.timeoutMs` (defaults inside the section are the module's to apply). */
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * The webhook export sink: POSTs one capture, as stored (redacted), as JSON. Best effort: a failure
 * is logged with the capture's id and the reason, never its content, and not retried (the capture
 * stays readable through the admin API).
 */
export function captureWebhook(settings: { url: string; timeoutMs?: number }, logger: Logger): (capture: CapturedExchange) => Promise<void> {
  return async (capture) => {
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(capture),
        signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`it answered ${response.status}`);
    } catch (error) {
      logger.warn({ captureId: capture.id, reason: (error as Error).message }, 'capture webhook failed');
    }
  };
}
