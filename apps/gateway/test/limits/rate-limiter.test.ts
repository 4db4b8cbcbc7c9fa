import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { InMemoryRateLimiter } from '../../src/limits/in-memory-rate-limiter.js';
import type { LimitRequest, RateLimiter } from '../../src/limits/rate-limiter.js';
import { RedisRateLimiter } from '../../src/limits/redis-rate-limiter.js';
import { createTestRedisPrefix, withAvailableServices } from '../support/test-services.js';

const silent = pino({ level: 'silent' });
const redisPrefix = createTestRedisPrefix();
afterAll(() => redisPrefix.drop());

interface LimiterUnderTest {
  readonly name: string;
  /** Two handles on one shared state: two replicas for Redis, the same object in memory. */
  open(): Promise<[RateLimiter, RateLimiter]>;
}

const LIMITERS: LimiterUnderTest[] = [
  {
    name: 'in memory',
    async open() {
      const limiter = new InMemoryRateLimiter();
      return [limiter, limiter];
    },
  },
  {
    name: 'Redis',
    async open() {
      const config = { url: redisPrefix.url, keyPrefix: redisPrefix.keyPrefix };
      return [await RedisRateLimiter.connect(config, silent), await RedisRateLimiter.connect(config, silent)];
    },
  },
];

let keyCounter = 0;
const request = (limits: LimitRequest['limits'], overrides: Partial<LimitRequest> = {}): LimitRequest => ({
  keyId: `key_${keyCounter}`,
  leaseId: `lease_${Math.random()}`,
  limits,
  estimatedTokens: 0,
  ...overrides,
});

describe.each(withAvailableServices(LIMITERS, (variant) => (variant.name === 'Redis' ? 'redis' : undefined)))('rate limiter $name', (subject) => {
  let limiters: [RateLimiter, RateLimiter];
  afterEach(async () => {
    keyCounter++;
    await limiters[0].close();
    await limiters[1].close();
  });

  it('admits exactly RPM requests a minute, even when two replicas race', async () => {
    limiters = await subject.open();
    const decisions = await Promise.all(Array.from({ length: 120 }, (_, index) => limiters[index % 2]!.acquire(request({ rpm: 50 }))));
    expect(decisions.filter((decision) => decision.admitted)).toHaveLength(50);
    const refused = decisions.find((decision) => !decision.admitted)!;
    expect(refused).toMatchObject({ refusedBy: 'requests', requests: { limit: 50, remaining: 0 } });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('counts estimated tokens against TPM and reconciles them with the real usage', async () => {
    limiters = await subject.open();
    const [first, second] = limiters;
    expect(await first.acquire(request({ tpm: 1000 }, { estimatedTokens: 800 }))).toMatchObject({ admitted: true, tokens: { limit: 1000, remaining: 200 } });
    expect(await second.acquire(request({ tpm: 1000 }, { estimatedTokens: 300 }))).toMatchObject({ admitted: false, refusedBy: 'tokens' });
    await first.reconcileTokens(`key_${keyCounter}`, -600);
    expect(await second.acquire(request({ tpm: 1000 }, { estimatedTokens: 300 }))).toMatchObject({ admitted: true, tokens: { remaining: 500 } });
    await first.reconcileTokens(`key_${keyCounter}`, -10_000);
    expect(await first.acquire(request({ tpm: 1000 }, { estimatedTokens: 1000 }))).toMatchObject({ admitted: true, tokens: { remaining: 0 } });
  });

  it('holds concurrency slots until released', async () => {
    limiters = await subject.open();
    const [first, second] = limiters;
    const limits = { maxConcurrent: 2 };
    expect(await first.acquire(request(limits, { leaseId: 'a' }))).toMatchObject({ admitted: true });
    expect(await second.acquire(request(limits, { leaseId: 'b' }))).toMatchObject({ admitted: true });
    expect(await first.acquire(request(limits, { leaseId: 'c' }))).toMatchObject({ admitted: false, refusedBy: 'concurrency', retryAfterMs: 1000 });
    await second.release(`key_${keyCounter}`, 'a');
    expect(await first.acquire(request(limits, { leaseId: 'c' }))).toMatchObject({ admitted: true });
  });

  it('takes nothing when one limit refuses', async () => {
    limiters = await subject.open();
    const limits = { rpm: 5, tpm: 100, maxConcurrent: 1 };
    expect(await limiters[0].acquire(request(limits, { estimatedTokens: 500 }))).toMatchObject({ admitted: false, refusedBy: 'tokens', requests: { remaining: 5 } });
    expect(await limiters[1].acquire(request(limits, { estimatedTokens: 50 }))).toMatchObject({ admitted: true, requests: { remaining: 4 }, tokens: { remaining: 50 } });
  });
});

describe('in-memory windows', () => {
  it('start with the first request and start over a minute later', async () => {
    let now = 1_000_000;
    const limiter = new InMemoryRateLimiter(() => now);
    expect(await limiter.acquire(request({ rpm: 1 }))).toMatchObject({ admitted: true, requests: { resetMs: 60_000 } });
    now += 59_000;
    expect(await limiter.acquire(request({ rpm: 1 }))).toMatchObject({ admitted: false, retryAfterMs: 1_000 });
    now += 1_000;
    expect(await limiter.acquire(request({ rpm: 1 }))).toMatchObject({ admitted: true });
  });
});

describe('Redis unreachable', () => {
  const unreachable = { url: 'redis://127.0.0.1:1', keyPrefix: 'unused:' };

  it('fails open: admits, and reports itself down', async () => {
    const limiter = await RedisRateLimiter.connect({ ...unreachable, failurePolicy: 'open' }, silent);
    await expect(limiter.acquire(request({ rpm: 1 }))).resolves.toEqual({ admitted: true });
    expect(limiter.health()).toEqual({ driver: 'redis', status: 'down', failurePolicy: 'open' });
    await limiter.close();
  });

  it('fails closed: refuses with 503', async () => {
    const limiter = await RedisRateLimiter.connect({ ...unreachable, failurePolicy: 'closed' }, silent);
    await expect(limiter.acquire(request({ rpm: 1 }))).rejects.toMatchObject({ status: 503, code: 'rate_limiter_unavailable' });
    await limiter.close();
  });
});
