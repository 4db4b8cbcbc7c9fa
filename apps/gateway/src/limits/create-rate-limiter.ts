import type { Logger } from 'pino';
import type { RedisConfig } from '../config/gateway-config.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** Redis when configured (limits shared by replicas), otherwise this process's memory. */
export async function createRateLimiter(redis: RedisConfig | undefined, logger: Logger): Promise<RateLimiter> {
  return redis ? RedisRateLimiter.connect(redis, logger) : new InMemoryRateLimiter();
}
