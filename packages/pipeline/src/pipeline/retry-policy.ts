import type { GatewayError, GatewayErrorKind } from '@modelgate/core';

/** How a request retries a failed upstream attempt; every bound is per request. */
export interface RetryPolicy {
  /** Attempts per model, the first included: 1 means no retry. */
  readonly maxAttempts: number;
  /** The first backoff; each retry to the same deployment doubles it, with jitter. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** The longest `retry-after` honoured; a longer one moves the request to another deployment, or ends it. */
  readonly maxRetryAfterMs: number;
  /** Total time a request may spend on retries and backoff, from its first attempt. */
  readonly budgetMs: number;
  /** The error kinds worth another attempt (never an invalid request: it fails everywhere). */
  readonly retryOn: readonly GatewayErrorKind[];
}

/** Off unless configured (Envoy's stance: every retry is an explicit decision). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 1,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
  budgetMs: 30_000,
  retryOn: ['rate_limited', 'overloaded', 'server', 'timeout'],
};

/** `retry-after` in ms (seconds or an HTTP date), when the error carries one. */
export function retryAfterMs(error: GatewayError, now = Date.now()): number | undefined {
  const value = error.headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before the next attempt, or undefined when there must be none. Another
 * deployment is tried at once; the same one after a jittered exponential backoff (at least its
 * `retry-after`, when that is within `maxRetryAfterMs`).
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, error: GatewayError, sameDeployment: boolean, random: () => number = Math.random): number | undefined {
  if (!sameDeployment) return 0;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1)) * (0.5 + random() / 2);
  const asked = retryAfterMs(error);
  if (asked === undefined) return Math.round(backoff);
  return asked > policy.maxRetryAfterMs ? undefined : Math.max(asked, Math.round(backoff));
}
