import type { ConfigFragment } from './config-fragment.js';
import { nonEmptyString } from './schema-parts.js';

export type StorageConfig =
  | { driver: 'sqlite'; /** A file (relative to the config file's folder), or `:memory:`; defaults to `modelgate.sqlite` in the data directory. */ path?: string }
  | { driver: 'postgres'; url: string; /** Created when missing; default `modelgate`. */ schema?: string };

export interface RedisConfig {
  url: string;
  keyPrefix?: string;
  failurePolicy?: 'open' | 'closed';
}

export interface UsageConfig {
  spoolFsync: boolean;
}

/** Where keys and usage live, and where rate limits are shared between replicas (core settings). */
export const storageConfigFragment: ConfigFragment = {
  titles: { storage: 'Storage (keys and usage)', usage: 'Usage records', redis: 'Redis (rate limits shared by replicas)' },
  properties: {
    storage: {
      default: { driver: 'sqlite' },
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['driver'],
          properties: {
            driver: { const: 'sqlite', description: '`sqlite`: an embedded file, for one process. `postgres`: shared by several replicas.', defaultText: '`sqlite`' },
            path: { ...nonEmptyString, description: '(sqlite) The database file, relative to the config file, or `:memory:`.', defaultText: '`modelgate.sqlite` in the data directory' },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['driver', 'url'],
          properties: {
            driver: { const: 'postgres' },
            url: { ...nonEmptyString, description: '(postgres) Connection URL, e.g. `postgres://modelgate:secret@db:5432/modelgate`.' },
            schema: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$', description: '(postgres) Schema for the tables; created when missing.', defaultText: '`modelgate`' },
          },
        },
      ],
    },
    usage: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        spoolFsync: {
          type: 'boolean',
          description: 'Flush each usage record to disk (fdatasync) as it is spooled, so records survive an OS crash or power loss too, at one disk flush per request.',
          default: false,
        },
      },
    },
    redis: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        url: { ...nonEmptyString, description: 'Redis for rate limits shared by replicas, e.g. `redis://cache:6379`. Without `redis`, limits are counted in each process.' },
        keyPrefix: { type: 'string', description: 'Prefix of every Redis key the gateway writes; give each gateway fleet its own.', defaultText: '`modelgate:`' },
        failurePolicy: {
          enum: ['open', 'closed'],
          description: 'When Redis cannot be reached: `open` admits requests without rate limits, `closed` refuses them (503 `rate_limiter_unavailable`).',
          defaultText: '`open`',
        },
      },
    },
  },
};
