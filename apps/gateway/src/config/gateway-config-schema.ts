import type { JsonSchema } from '@modelgate/core';
import { GATEWAY_ERROR_KINDS } from '@modelgate/core';
import { GATEWAY_ENDPOINTS } from '@modelgate/pipeline';

const positiveInteger = { type: 'integer', minimum: 1 };
const nonNegativeInteger = { type: 'integer', minimum: 0 };
const errorKinds = { type: 'array', items: { enum: [...GATEWAY_ERROR_KINDS] } };
const sha256Digest = { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' };
const stringList = { type: 'array', items: { type: 'string', minLength: 1 } };

/** Scope and limits of a key: shared by config keys and keys issued through the CLI or `/admin`. */
export const keyPolicyProperties = {
  models: stringList,
  endpoints: { type: 'array', items: { enum: [...GATEWAY_ENDPOINTS] } },
  families: stringList,
  rpm: positiveInteger,
  tpm: positiveInteger,
  maxConcurrent: positiveInteger,
  budget: {
    type: 'object',
    additionalProperties: false,
    required: ['usd', 'period'],
    properties: { usd: { type: 'number', minimum: 0 }, period: { enum: ['day', 'month', 'total'] } },
  },
} as const;

/** JSON Schema of the config file, checked after env-var expansion. */
export const gatewayConfigSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['providers'],
  properties: {
    server: {
      type: 'object',
      additionalProperties: false,
      properties: {
        host: { type: 'string', minLength: 1 },
        port: { type: 'integer', minimum: 0, maximum: 65535 },
        bodyLimitBytes: positiveInteger,
        shutdownGraceMs: { type: 'integer', minimum: 0 },
        publicCatalog: { type: 'boolean' },
        headersTimeoutMs: positiveInteger,
        requestTimeoutMs: positiveInteger,
        maxConnectionsPerAddress: { type: 'integer', minimum: 0 },
        maxJsonDepth: positiveInteger,
        workers: { oneOf: [{ type: 'integer', minimum: 1, maximum: 1024 }, { const: 'auto' }] },
      },
    },
    upstream: {
      type: 'object',
      additionalProperties: false,
      properties: {
        transport: { enum: ['got', 'undici'] },
        connectTimeoutMs: positiveInteger,
        timeoutMs: positiveInteger,
        streamIdleTimeoutMs: positiveInteger,
        totalTimeoutMs: positiveInteger,
        keepAliveIntervalMs: positiveInteger,
        maxEventBytes: positiveInteger,
        maxResponseBytes: positiveInteger,
        idleSocketTimeoutMs: positiveInteger,
      },
    },
    resilience: {
      type: 'object',
      additionalProperties: false,
      properties: {
        retry: {
          type: 'object',
          additionalProperties: false,
          properties: {
            maxAttempts: positiveInteger,
            baseDelayMs: nonNegativeInteger,
            maxDelayMs: nonNegativeInteger,
            maxRetryAfterMs: nonNegativeInteger,
            budgetMs: positiveInteger,
            retryOn: errorKinds,
          },
        },
        cooldown: {
          type: 'object',
          additionalProperties: false,
          properties: { failureThreshold: positiveInteger, cooldownMs: positiveInteger, countedKinds: errorKinds },
        },
      },
    },
    logging: {
      type: 'object',
      additionalProperties: false,
      properties: { level: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] } },
    },
    providers: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          package: { type: 'string', minLength: 1 },
          plugin: { type: 'object' },
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
          settings: { type: 'object' },
          routeUnlistedModels: { type: 'boolean' },
        },
        oneOf: [{ required: ['package'] }, { required: ['plugin'] }],
      },
    },
    models: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'provider'],
        properties: {
          id: { type: 'string', minLength: 1 },
          provider: { type: 'string', minLength: 1 },
          upstreamModel: { type: 'string', minLength: 1 },
          aliases: { type: 'array', items: { type: 'string', minLength: 1 } },
          created: { type: 'integer', minimum: 0 },
          pricing: {
            type: 'object',
            additionalProperties: false,
            required: ['input', 'output'],
            properties: {
              input: { type: 'number', minimum: 0 },
              output: { type: 'number', minimum: 0 },
              cachedInput: { type: 'number', minimum: 0 },
              cacheWrite: { type: 'number', minimum: 0 },
              longContext: {
                type: 'object',
                additionalProperties: false,
                required: ['aboveInputTokens', 'input', 'output'],
                properties: {
                  aboveInputTokens: positiveInteger,
                  input: { type: 'number', minimum: 0 },
                  output: { type: 'number', minimum: 0 },
                  cachedInput: { type: 'number', minimum: 0 },
                  cacheWrite: { type: 'number', minimum: 0 },
                },
              },
              toolCalls: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
            },
          },
          displayName: { type: 'string', minLength: 1 },
          contextWindow: positiveInteger,
          maxOutputTokens: positiveInteger,
          capabilities: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(['streaming', 'tools', 'vision', 'jsonSchema', 'reasoning'].map((name) => [name, { type: 'boolean' }])),
          },
          deployments: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['provider'],
              properties: { provider: { type: 'string', minLength: 1 }, upstreamModel: { type: 'string', minLength: 1 }, weight: { type: 'number', minimum: 0 } },
            },
          },
          strategy: { enum: ['weighted', 'least-busy', 'lowest-latency'] },
          fallbacks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['model'],
              properties: { model: { type: 'string', minLength: 1 }, on: errorKinds },
            },
          },
        },
      },
    },
    keys: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1 },
          key: { type: 'string', minLength: 16 },
          keyHash: sha256Digest,
          ...keyPolicyProperties,
          responsesOtherFamilies: { enum: ['refuse', 'bridge'] },
        },
        oneOf: [{ required: ['key'] }, { required: ['keyHash'] }],
      },
    },
    responses: {
      type: 'object',
      additionalProperties: false,
      properties: { otherFamilies: { enum: ['refuse', 'bridge'] } },
    },
    storage: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['driver'],
          properties: { driver: { const: 'sqlite' }, path: { type: 'string', minLength: 1 } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['driver', 'url'],
          properties: {
            driver: { const: 'postgres' },
            url: { type: 'string', minLength: 1 },
            schema: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' },
          },
        },
      ],
    },
    redis: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        url: { type: 'string', minLength: 1 },
        keyPrefix: { type: 'string' },
        failurePolicy: { enum: ['open', 'closed'] },
      },
    },
    admin: {
      type: 'object',
      additionalProperties: false,
      properties: { token: { type: 'string', minLength: 16 }, tokenHash: sha256Digest },
      oneOf: [{ required: ['token'] }, { required: ['tokenHash'] }],
    },
    usage: {
      type: 'object',
      additionalProperties: false,
      properties: { spoolFsync: { type: 'boolean' } },
    },
    metrics: {
      type: 'object',
      additionalProperties: false,
      properties: { token: { type: 'string', minLength: 16 }, tokenHash: sha256Digest, keyLabels: { type: 'boolean' } },
      not: { required: ['token', 'tokenHash'] },
    },
    tracing: {
      type: 'object',
      additionalProperties: false,
      required: ['endpoint'],
      properties: {
        endpoint: { type: 'string', pattern: '^https?://' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        serviceName: { type: 'string', minLength: 1 },
        sampleRatio: { type: 'number', minimum: 0, maximum: 1 },
        captureContent: { type: 'boolean' },
      },
    },
  },
};
