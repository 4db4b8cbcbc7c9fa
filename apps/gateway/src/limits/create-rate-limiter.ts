import type { Logger } from 'pino';
import type { RedisConfig } from '../config/gateway-config.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

/** Redis when configured (limits shared by replicas), otherwise this process's memory; ioredis is loaded only then. */
export async function createRateLimiter(redis: RedisConfig | undefined, logger: Logger): Promise<RateLimiter> {
  if (!redis) return new InMemoryRateLimiter();
  const { RedisRateLimiter } = await import('./redis-rate-limiter.js');
  return RedisRateLimiter.connect(redis, logger);
}
