import { matchesModelPattern } from '@modelgate/core';
import type { Logger } from 'pino';
import { defineModule } from '../gateway-module.js';
import type { RedisConfig } from '../../config/gateway-config.js';
import { MemoryResponseCacheStore } from './memory-response-cache-store.js';
import { responseCacheConfigFragment, type ResponseCacheConfig, type ResponseCacheSection } from './response-cache-config.js';
import { ResponseCacheRequest } from './response-cache-request.js';
import type { ResponseCacheStore } from './response-cache-store.js';

/**
 * The exact response cache: an identical request (same scope, model, front and parameters) is
 * answered from the cache instead of the upstream, whole or streamed as it was (docs/caching.md).
 * Off unless `responseCache` names the models it serves.
 */
export const responseCacheModule = defineModule<ResponseCacheSection>({
  id: 'response-cache',
  configSchema: responseCacheConfigFragment,
  async create(config, context) {
    const cache = config.responseCache;
    if (!cache) return {};
    const store = await openStore(cache, config.redis, context.logger);
    const cachesModel = (model: string) => cache.models.some((pattern) => matchesModelPattern(pattern, model));
    const keys = cache.keys === undefined ? undefined : new Set(cache.keys);
    return {
      extension: {
        id: 'response-cache',
        open: (exchange) => (keys && !keys.has(exchange.key.id) ? undefined : new ResponseCacheRequest(exchange, { config: cache, store, cachesModel })),
      },
      close: () => store.close(),
    };
  },
});

async function openStore(cache: ResponseCacheConfig, redis: RedisConfig | undefined, logger: Logger): Promise<ResponseCacheStore> {
  const kind = cache.store ?? (redis ? 'redis' : 'memory');
  if (kind === 'memory') return new MemoryResponseCacheStore({ maxEntries: cache.maxEntries, maxBytes: cache.maxBytes });
  if (!redis) throw new Error("responseCache.store is 'redis' but the config has no `redis` section");
  // ioredis is loaded only when the cache uses it.
  const { RedisResponseCacheStore } = await import('./redis-response-cache-store.js');
  const store = new RedisResponseCacheStore(redis, logger);
  await store.connected();
  return store;
}
