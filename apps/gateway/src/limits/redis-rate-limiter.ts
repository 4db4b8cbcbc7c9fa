import { Redis } from 'ioredis';
import { GatewayError } from '@modelgate/core';
import type { Logger } from 'pino';
import type { RedisConfig } from '../config/gateway-config.js';
import {
  CONCURRENCY_LEASE_MS,
  LIMIT_WINDOW_MS,
  type LimitDecision,
  type LimitedResource,
  type LimiterHealth,
  type LimitRequest,
  type RateLimiter,
} from './rate-limiter.js';
import { ACQUIRE_SCRIPT, RECONCILE_SCRIPT } from './redis-limiter-scripts.js';

type AcquireReply = [string, number, number, number, number, number];

/** How long start-up waits for Redis before carrying on under the failure policy. */
const CONNECT_WAIT_MS = 2_000;
/** A slow Redis must not hold requests up for long; the failure policy decides instead. */
const COMMAND_TIMEOUT_MS = 1_000;
/** While Redis is down, `/health` pings it at most this often. */
const HEALTH_PROBE_INTERVAL_MS = 1_000;

/**
 * Limits shared by every replica that uses the same Redis and key prefix. When Redis fails, the
 * configured policy decides: `open` admits without limits, `closed` answers 503. Either way the
 * change is logged once and `/health` shows it.
 */
export class RedisRateLimiter implements RateLimiter {
  /** Undefined until the first connection attempt has told; reported as down. */
  private status: LimiterHealth['status'] | undefined;
  private closing = false;
  private lastProbeAt = 0;
  private readonly prefix: string;
  private readonly failurePolicy: 'open' | 'closed';

  private constructor(
    private readonly redis: Redis,
    config: RedisConfig,
    private readonly logger: Logger,
  ) {
    this.prefix = config.keyPrefix ?? 'modelgate:';
    this.failurePolicy = config.failurePolicy ?? 'open';
    redis.on('ready', () => this.setStatus('up'));
    redis.on('error', (error: Error) => this.setStatus('down', error));
    redis.on('end', () => this.setStatus('down'));
  }

  static async connect(config: RedisConfig, logger: Logger): Promise<RedisRateLimiter> {
    const redis = new Redis(config.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    const limiter = new RedisRateLimiter(redis, config, logger);
    redis.connect().catch(() => undefined);
    // Whichever comes first: connected, refused (the policy applies until it connects), or tired of waiting.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      const settle = () => {
        clearTimeout(timer);
        redis.off('ready', settle).off('error', settle);
        resolve();
      };
      redis.once('ready', settle).once('error', settle);
    });
    return limiter;
  }

  async acquire(request: LimitRequest): Promise<LimitDecision> {
    const { rpm = 0, tpm = 0, maxConcurrent = 0 } = request.limits;
    let reply: AcquireReply;
    try {
      reply = (await this.redis.eval(
        ACQUIRE_SCRIPT,
        3,
        this.key(request.keyId, 'requests'),
        this.key(request.keyId, 'tokens'),
        this.key(request.keyId, 'leases'),
        rpm,
        tpm,
        maxConcurrent,
        request.estimatedTokens,
        request.leaseId,
        CONCURRENCY_LEASE_MS,
        LIMIT_WINDOW_MS,
      )) as AcquireReply;
    } catch (error) {
      return this.onFailure(error);
    }
    this.setStatus('up');
    const [refusedBy, requestsUsed, requestsReset, tokensUsed, tokensReset, retryAfterMs] = reply;
    return {
      admitted: refusedBy === '',
      refusedBy: refusedBy === '' ? undefined : (refusedBy as LimitedResource),
      retryAfterMs: refusedBy === '' ? undefined : retryAfterMs,
      requests: rpm ? { limit: rpm, remaining: Math.max(0, rpm - requestsUsed), resetMs: requestsReset } : undefined,
      tokens: tpm ? { limit: tpm, remaining: Math.max(0, tpm - tokensUsed), resetMs: tokensReset } : undefined,
    };
  }

  async reconcileTokens(keyId: string, delta: number): Promise<void> {
    if (delta === 0) return;
    await this.followOutcome(this.redis.eval(RECONCILE_SCRIPT, 1, this.key(keyId, 'tokens'), delta));
  }

  async release(keyId: string, leaseId: string): Promise<void> {
    await this.followOutcome(this.redis.zrem(this.key(keyId, 'leases'), leaseId));
  }

  health(): LimiterHealth {
    // With no limited traffic, nothing else would notice that Redis answers again.
    if (this.status === 'down' && Date.now() - this.lastProbeAt >= HEALTH_PROBE_INTERVAL_MS) {
      this.lastProbeAt = Date.now();
      void this.followOutcome(this.redis.ping());
    }
    return { driver: 'redis', status: this.status ?? 'down', failurePolicy: this.failurePolicy };
  }

  async close(): Promise<void> {
    this.closing = true;
    this.redis.disconnect();
  }

  /** `{id}` is a hash tag: a key's three entries share one Redis Cluster slot, as Lua requires. */
  private key(keyId: string, part: string): string {
    return `${this.prefix}{${keyId}}:${part}`;
  }

  /**
   * The health follows the last command's outcome: a stall (commands timing out on a connection
   * that never dropped) ends with the first command that succeeds, with no 'ready' event to tell.
   */
  private async followOutcome(command: Promise<unknown>): Promise<void> {
    try {
      await command;
      this.setStatus('up');
    } catch (error) {
      this.setStatus('down', error);
    }
  }

  private onFailure(error: unknown): LimitDecision {
    this.setStatus('down', error);
    if (this.failurePolicy === 'open') return { admitted: true };
    throw new GatewayError({
      status: 503,
      type: 'server_error',
      code: 'rate_limiter_unavailable',
      // The gateway's own fault, not an upstream's overload.
      kind: 'server',
      message: 'The gateway cannot check rate limits right now; try again shortly.',
      headers: { 'retry-after': '1' },
    });
  }

  private setStatus(status: LimiterHealth['status'], error?: unknown): void {
    if (this.status === status || this.closing) return;
    const previous = this.status;
    this.status = status;
    if (status === 'up') this.logger.info({ limiter: 'redis' }, previous === undefined ? 'rate limiter connected to Redis' : 'rate limiter reached Redis again');
    else this.logger.error({ limiter: 'redis', failurePolicy: this.failurePolicy, reason: (error as Error | undefined)?.message }, `Redis is unreachable; rate limits fail ${this.failurePolicy}`);
  }
}
