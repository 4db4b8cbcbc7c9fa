import type { Logger } from 'pino';
import type { LogDestination } from '../logging/log-destination.js';

/** Beyond the grace period, for flushing usage records, closing the store and writing the last log lines. */
export const SHUTDOWN_MARGIN_MS = 1_000;
/** The longest the last log lines may take to go out once everything is closed. */
const LOG_DRAIN_MS = 500;

export interface StopOnSignalsOptions {
  readonly logger: Logger;
  readonly logs: LogDestination;
  readonly graceMs: number;
  /** Closes the gateway (and whatever runs beside it); the process exits once it settles. */
  close(): Promise<void>;
}

/**
 * SIGTERM and SIGINT close the gateway gracefully, then exit, within `graceMs` plus a margin
 * whatever happens meanwhile: a close that hangs is cut by a deadline (exit code 1), and a log
 * stream that is gone or stuck cannot hold the exit.
 */
export function stopOnSignals(options: StopOnSignalsOptions): void {
  const stop = async (signal: string) => {
    const deadlineMs = options.graceMs + SHUTDOWN_MARGIN_MS;
    // Unref'd: it must not keep alive a process that is otherwise done.
    setTimeout(() => {
      process.stderr.write(`modelgate: shutdown did not finish within ${deadlineMs} ms; exiting\n`);
      process.exit(1);
    }, deadlineMs).unref();
    options.logger.info({ signal }, 'shutting down');
    let exitCode = 0;
    try {
      await options.close();
    } catch (error) {
      options.logger.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    }
    process.exitCode = exitCode;
    await options.logs.drained(LOG_DRAIN_MS);
    process.exit();
  };
  // `on`, not `once`: a terminal's Ctrl-C can arrive twice (the whole process group gets it, and a
  // parent such as `npm start` forwards it), and a second signal must not cut the graceful shutdown.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop(signal);
    });
  }
}
