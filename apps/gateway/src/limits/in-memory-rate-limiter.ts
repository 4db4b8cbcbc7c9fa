import {
  CONCURRENCY_LEASE_MS,
  CONCURRENCY_RETRY_MS,
  LIMIT_WINDOW_MS,
  type LimitDecision,
  type LimiterHealth,
  type LimitRequest,
  type RateLimiter,
  type WindowSnapshot,
} from './rate-limiter.js';

interface Window {
  used: number;
  resetAt: number;
}

/** The limiter of a single process: the same semantics as the Redis one, kept in maps. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  /** Per key: lease id → expiry. */
  private readonly leases = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(request: LimitRequest): Promise<LimitDecision> {
    const now = this.now();
    const { rpm, tpm, maxConcurrent } = request.limits;
    const requests = this.current(`${request.keyId}:requests`, now);
    const tokens = this.current(`${request.keyId}:tokens`, now);
    const leases = this.liveLeases(request.keyId, now);

    let refusal: Pick<LimitDecision, 'refusedBy' | 'retryAfterMs'> | undefined;
    if (rpm && requests.used + 1 > rpm) refusal = { refusedBy: 'requests', retryAfterMs: requests.resetAt - now };
    else if (tpm && tokens.used + request.estimatedTokens > tpm) refusal = { refusedBy: 'tokens', retryAfterMs: tokens.resetAt - now };
    else if (maxConcurrent && leases.size >= maxConcurrent) refusal = { refusedBy: 'concurrency', retryAfterMs: CONCURRENCY_RETRY_MS };

    if (!refusal) {
      if (rpm) this.commit(`${request.keyId}:requests`, requests, 1);
      if (tpm) this.commit(`${request.keyId}:tokens`, tokens, request.estimatedTokens);
      if (maxConcurrent) leases.set(request.leaseId, now + CONCURRENCY_LEASE_MS);
    }
    return {
      admitted: !refusal,
      ...refusal,
      requests: rpm ? snapshot(rpm, requests, now) : undefined,
      tokens: tpm ? snapshot(tpm, tokens, now) : undefined,
    };
  }

  async reconcileTokens(keyId: string, delta: number): Promise<void> {
    const window = this.windows.get(`${keyId}:tokens`);
    if (window && window.resetAt > this.now()) window.used = Math.max(0, window.used + delta);
  }

  async release(keyId: string, leaseId: string): Promise<void> {
    this.leases.get(keyId)?.delete(leaseId);
  }

  health(): LimiterHealth {
    return { driver: 'memory', status: 'up' };
  }

  async close(): Promise<void> {}

  /** The live window, or a fresh one starting now (stored only when a request commits to it). */
  private current(name: string, now: number): Window {
    const window = this.windows.get(name);
    return window && window.resetAt > now ? window : { used: 0, resetAt: now + LIMIT_WINDOW_MS };
  }

  private commit(name: string, window: Window, amount: number): void {
    window.used += amount;
    this.windows.set(name, window);
  }

  private liveLeases(keyId: string, now: number): Map<string, number> {
    let leases = this.leases.get(keyId);
    if (!leases) {
      leases = new Map();
      this.leases.set(keyId, leases);
    }
    for (const [leaseId, expiresAt] of leases) if (expiresAt <= now) leases.delete(leaseId);
    return leases;
  }
}

function snapshot(limit: number, window: Window, now: number): WindowSnapshot {
  return { limit, remaining: Math.max(0, limit - window.used), resetMs: window.resetAt - now };
}
