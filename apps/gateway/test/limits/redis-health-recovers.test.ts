import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { RedisRateLimiter } from '../../src/limits/redis-rate-limiter.js';
import { startStallableTcpProxy, type StallableTcpProxy } from '../support/stallable-tcp-proxy.js';
import { createMemoryLogSink } from '../support/test-gateway.js';
import { createTestRedisPrefix, describeWith } from '../support/test-services.js';

const redisPrefix = createTestRedisPrefix();
const limits = { rpm: 1_000 };

describeWith('the Redis limiter after a stall', 'redis')('the Redis limiter after a stall', () => {
  let proxy: StallableTcpProxy;
  let limiter: RedisRateLimiter;
  const { logs, sink } = createMemoryLogSink();

  beforeAll(async () => {
    proxy = await startStallableTcpProxy(Number(new URL(redisPrefix.url).port || 6379));
    limiter = await RedisRateLimiter.connect({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: redisPrefix.keyPrefix, failurePolicy: 'closed' }, pino(sink));
  });
  afterAll(async () => {
    await limiter.close();
    await proxy.close();
    await redisPrefix.drop();
  });

  it('reports down while commands time out, and up again with the first command that succeeds', async () => {
    const acquire = (leaseId: string) => limiter.acquire({ keyId: 'k', leaseId, limits, estimatedTokens: 1 });
    expect((await acquire('a')).admitted).toBe(true);
    expect(limiter.health().status).toBe('up');

    await proxy.stall(1_500);
    await expect(acquire('b')).rejects.toMatchObject({ status: 503, code: 'rate_limiter_unavailable' });
    expect(limiter.health().status).toBe('down');

    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await acquire('c')).admitted).toBe(true);
    expect(limiter.health()).toEqual({ driver: 'redis', status: 'up', failurePolicy: 'closed' });
    expect(logs.some((line) => line.includes('rate limiter reached Redis again'))).toBe(true);
  });

  it('recovers on its own when no limited request comes: /health probes Redis while it is down', async () => {
    await proxy.stall(1_500);
    await expect(limiter.acquire({ keyId: 'k', leaseId: 'd', limits, estimatedTokens: 1 })).rejects.toMatchObject({ status: 503 });
    expect(limiter.health().status).toBe('down');
    const deadline = Date.now() + 5_000;
    while (limiter.health().status !== 'up' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(limiter.health().status).toBe('up');
  });
});
