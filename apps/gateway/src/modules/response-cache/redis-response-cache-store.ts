import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisConfig } from '../../config/gateway-config.js';
import type { CachedAnswer, ResponseCacheStore } from './response-cache-store.js';

/** A slow Redis must not hold a request up: past this, the lookup misses and the upstream answers. */
const COMMAND_TIMEOUT_MS = 500;
/** How long start-up waits for Redis before serving without it (lookups miss until it connects). */
const CONNECT_WAIT_MS = 2_000;

/**
 * Answers kept in Redis, shared by every replica with the same server and key prefix; Redis
 * expires them. While Redis fails, every lookup misses and nothing is stored (logged once per outage).
 */
export class RedisResponseCacheStore implements ResponseCacheStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  #failing = false;

  constructor(
    config: RedisConfig,
    private readonly logger: Logger,
  ) {
    this.#prefix = `${config.keyPrefix ?? 'modelgate:'}response-cache:`;
    this.#redis = new Redis(config.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.#redis.on('error', () => undefined);
    this.#redis.on('ready', () => (this.#failing = false));
    this.#redis.connect().catch(() => undefined);
  }

  /** Resolves once Redis is ready, refused, or after CONNECT_WAIT_MS: start-up never hangs on it. */
  connected(): Promise<void> {
    if (this.#redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, CONNECT_WAIT_MS);
      const redis = this.#redis;
      function done(): void {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('error', done);
        resolve();
      }
      redis.once('ready', done);
      redis.once('error', done);
    });
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    try {
      const text = await this.#redis.get(this.#prefix + key);
      return text === null ? undefined : (JSON.parse(text) as CachedAnswer);
    } catch (error) {
      this.#failed(error);
      return undefined;
    }
  }

  async set(key: string, answer: CachedAnswer, _sizeBytes: number, ttlMs: number): Promise<void> {
    try {
      await this.#redis.set(this.#prefix + key, JSON.stringify(answer), 'PX', ttlMs);
    } catch (error) {
      this.#failed(error);
    }
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }

  #failed(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.logger.warn({ err: error }, 'the response cache cannot reach Redis: requests go to the upstream until it is back');
  }
}
