import type { Logger } from 'pino';

/** The default of the sinks' `timeoutMs` (defaults inside the section are the module's to apply). */
const DEFAULT_TIMEOUT_MS = 5000;

export interface CaptureExportTarget {
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly timeoutMs?: number;
}

/**
 * POSTs one export of a capture as JSON, within the target's timeout. Best effort: a failure is
 * logged with the capture's id, the sink's name and the reason, never the body (it holds prompts),
 * and not retried (the capture stays readable through the admin API).
 */
export async function postCaptureExport(target: CaptureExportTarget, body: unknown, about: { sink: string; captureId: string }, logger: Logger): Promise<void> {
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`it answered ${response.status}`);
  } catch (error) {
    logger.warn({ ...about, reason: (error as Error).message }, 'capture export failed');
  }
}
