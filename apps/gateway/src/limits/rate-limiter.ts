import type { KeyLimitsConfig } from '../config/gateway-config.js';

/** One request asking for a slot: its key's limits and its up-front token estimate. */
export interface LimitRequest {
  readonly keyId: string;
  /** Names this request's concurrency slot; the request id. */
  readonly leaseId: string;
  readonly limits: Readonly<KeyLimitsConfig>;
  readonly estimatedTokens: number;
}

/** A window's state after the decision, for the `x-ratelimit-*` headers. */
export interface WindowSnapshot {
  readonly limit: number;
  readonly remaining: number;
  /** Milliseconds until the window starts over. */
  readonly resetMs: number;
}

export type LimitedResource = 'requests' | 'tokens' | 'concurrency';

export interface LimitDecision {
  readonly admitted: boolean;
  /** Which limit refused the request. */
  readonly refusedBy?: LimitedResource;
  readonly retryAfterMs?: number;
  readonly requests?: WindowSnapshot;
  readonly tokens?: WindowSnapshot;
}

export interface LimiterHealth {
  readonly driver: 'memory' | 'redis';
  readonly status: 'up' | 'down';
  readonly failurePolicy?: 'open' | 'closed';
}

/**
 * RPM and TPM are counted in one-minute windows that start with the first request in them; the
 * concurrency limit counts leases. `acquire` checks all three and takes all or nothing, atomically,
 * so replicas sharing one limiter enforce one limit.
 */
export interface RateLimiter {
  acquire(request: LimitRequest): Promise<LimitDecision>;
  /** Adds the difference between real and estimated tokens to the key's current TPM window (never below zero). */
  reconcileTokens(keyId: string, delta: number): Promise<void>;
  /** Frees a concurrency slot taken by `acquire`. */
  release(keyId: string, leaseId: string): Promise<void>;
  health(): LimiterHealth;
  close(): Promise<void>;
}

export const LIMIT_WINDOW_MS = 60_000;
/** A slot not released within this time (a crashed replica) frees itself. */
export const CONCURRENCY_LEASE_MS = 15 * 60_000;
/** A refused concurrent request is told to retry after this. */
export const CONCURRENCY_RETRY_MS = 1_000;

/** Does this key have any limit the limiter must see? */
export function hasRateLimits(limits: Readonly<KeyLimitsConfig> | undefined): limits is Readonly<KeyLimitsConfig> {
  return Boolean(limits && (limits.rpm || limits.tpm || limits.maxConcurrent));
}
