import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`; rejects with an AbortError as soon as `signal` aborts, so a closed simulator never keeps a timer alive. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal });
}
