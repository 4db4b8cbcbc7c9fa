import type { ConfigFragment } from '../../config/config-fragment.js';
import { nonEmptyString, positiveInteger, stringList } from '../../config/schema-parts.js';

/** The exact response cache (docs/caching.md): which requests it serves, how long, and where it keeps answers. */
export interface ResponseCacheConfig {
  /** Public model ids or globs (after alias resolution) whose answers are cached. */
  models: string[];
  /** Key ids (`config:<name>` for the config's keys) whose requests use it; absent: every key. */
  keys?: string[];
  ttlSeconds: number;
  /** Shared by every key when set; otherwise each key reads only its own answers. */
  namespace?: string;
  /** `redis` when `redis` is configured, else `memory`. */
  store?: 'memory' | 'redis';
  maxEntries: number;
  maxBytes: number;
  maxAnswerBytes: number;
  cacheToolCalls: boolean;
  hitCost: 'free' | 'upstream';
}

export interface ResponseCacheSection {
  responseCache?: ResponseCacheConfig;
}

export const responseCacheConfigFragment: ConfigFragment = {
  titles: { responseCache: 'Exact response cache' },
  properties: {
    responseCache: {
      type: 'object',
      additionalProperties: false,
      required: ['models'],
      description: 'Answers identical requests from a cache instead of the upstream ([caching.md](caching.md)). Off without this section.',
      properties: {
        models: { ...stringList, minItems: 1, description: 'Model ids or globs (the public id, after alias resolution) whose answers are cached; `*` for every model.' },
        keys: { ...stringList, description: 'Key ids whose requests use the cache (`config:<name>` for a key of the config, the id `modelgate keys list` shows for an issued one).', defaultText: 'every key' },
        ttlSeconds: { ...positiveInteger, description: 'How long an answer is served from the cache.', default: 600 },
        namespace: {
          ...nonEmptyString,
          maxLength: 100,
          description: 'Share answers across keys under this name. Without it, a key only ever gets the answers its own requests stored.',
        },
        store: { enum: ['memory', 'redis'], description: '`memory`: this process, bounded below. `redis`: the `redis` section\'s server, shared by replicas.', defaultText: '`redis` when `redis` is set, else `memory`' },
        maxEntries: { ...positiveInteger, description: '(memory) Most answers kept; the least recently used goes first.', default: 1000 },
        maxBytes: { ...positiveInteger, description: '(memory) Most bytes of answers kept; the least recently used go first.', default: 67_108_864 },
        maxAnswerBytes: { ...positiveInteger, description: 'A larger answer is not stored.', default: 1_048_576 },
        cacheToolCalls: { type: 'boolean', description: 'Also store answers that call tools (an agent usually expects its tools to run again).', default: false },
        hitCost: {
          enum: ['free', 'upstream'],
          description: 'What a hit costs in its usage record and against budgets: `free` (0), or `upstream`, the cost of the answer it replays.',
          default: 'free',
        },
      },
    },
  },
};
