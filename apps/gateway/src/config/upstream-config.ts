import { DEFAULT_COOLDOWN_POLICY, DEFAULT_RETRY_POLICY, DEFAULT_UPSTREAM_CONFIG, type CooldownPolicy, type RetryPolicy, type UpstreamConfig } from '@modelgate/pipeline';
import type { ConfigFragment } from './config-fragment.js';
import { errorKinds, nonNegativeInteger, positiveInteger } from './schema-parts.js';

export type { UpstreamConfig };

/** Retries and cooldowns (see docs/resilience.md): retries are off unless configured. */
export interface ResilienceConfig {
  retry: RetryPolicy;
  cooldown: CooldownPolicy;
}

// The pipeline owns these defaults (the conformance suite runs it without the app); the schema shows them.
const upstream = DEFAULT_UPSTREAM_CONFIG;
const retry = DEFAULT_RETRY_POLICY;
const cooldown = DEFAULT_COOLDOWN_POLICY;

/** How the gateway talks to upstreams, and how it retries and rotates them (core settings). */
export const upstreamConfigFragment: ConfigFragment = {
  titles: { upstream: 'Upstream connections', resilience: 'Retries, fallbacks and cooldowns' },
  properties: {
    upstream: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        transport: {
          enum: ['got', 'undici'],
          description:
            'The HTTP client that talks to upstreams: `got`, or `undici` (less CPU per request). Both keep the same time-outs, limits and errors; see docs/performance.md, "Choosing the transport".',
          default: upstream.transport,
        },
        connectTimeoutMs: { ...positiveInteger, description: 'Time to open a TCP (and TLS) connection to an upstream (502 `upstream_unreachable`).', default: upstream.connectTimeoutMs },
        timeoutMs: {
          ...positiveInteger,
          description: "Time to the upstream's response headers; for a non-streamed answer, to its whole body (504 `upstream_timeout`).",
          default: upstream.timeoutMs,
        },
        streamIdleTimeoutMs: {
          ...positiveInteger,
          description:
            'Longest wait for the next event of an upstream stream (keep-alive comments and blank lines do not count as progress); the stream then ends with an `upstream_timeout` error event.',
          default: upstream.streamIdleTimeoutMs,
        },
        totalTimeoutMs: {
          ...positiveInteger,
          description:
            'Longest a streamed answer may take, from its request to its last event; the stream then ends with an `upstream_timeout` error event. (A non-streamed answer is bounded by `timeoutMs`.)',
          default: upstream.totalTimeoutMs,
        },
        keepAliveIntervalMs: {
          ...positiveInteger,
          description:
            'While a relayed stream (chat or Responses) is silent this long, the gateway writes an SSE comment (`: keep-alive`), so clients with idle time-outs (Codex: 300 s) keep waiting while a model thinks.',
          default: upstream.keepAliveIntervalMs,
        },
        maxEventBytes: {
          ...positiveInteger,
          description: 'Largest Server-Sent Event accepted from an upstream stream (UTF-8 bytes); past it the stream fails (`upstream_protocol_error`).',
          default: upstream.maxEventBytes,
        },
        maxResponseBytes: {
          ...positiveInteger,
          description: 'Largest non-streamed upstream answer (success or error, after decompression); past it 502 `upstream_response_too_large`.',
          default: upstream.maxResponseBytes,
        },
        idleSocketTimeoutMs: {
          ...positiveInteger,
          description: "A pooled keep-alive connection idle this long is closed; keep it below the upstreams' own idle time-out.",
          default: upstream.idleSocketTimeoutMs,
        },
      },
    },
    resilience: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        retry: {
          type: 'object',
          additionalProperties: false,
          description: 'How a request retries a failed upstream attempt. Off (`maxAttempts: 1`) unless configured.',
          default: {},
          properties: {
            maxAttempts: { ...positiveInteger, description: 'Attempts per model, the first included; a retry goes to another deployment when there is one.', default: retry.maxAttempts },
            baseDelayMs: { ...nonNegativeInteger, description: 'The first backoff before retrying the same deployment; doubled each time, with jitter.', default: retry.baseDelayMs },
            maxDelayMs: { ...nonNegativeInteger, description: 'The longest backoff.', default: retry.maxDelayMs },
            maxRetryAfterMs: {
              ...nonNegativeInteger,
              description: 'The longest upstream `retry-after` honoured; past it the same deployment is not retried.',
              default: retry.maxRetryAfterMs,
            },
            budgetMs: { ...positiveInteger, description: 'Time a request may spend retrying, from its first attempt.', default: retry.budgetMs },
            retryOn: { ...errorKinds, description: 'The error kinds worth another attempt.', default: retry.retryOn },
          },
        },
        cooldown: {
          type: 'object',
          additionalProperties: false,
          description: 'Circuit breaking for models with several deployments: a deployment that keeps failing leaves rotation.',
          default: {},
          properties: {
            failureThreshold: { ...positiveInteger, description: 'Failures in a row that take a deployment out of rotation.', default: cooldown.failureThreshold },
            cooldownMs: { ...positiveInteger, description: 'How long it stays out; then one request probes it.', default: cooldown.cooldownMs },
            countedKinds: { ...errorKinds, description: 'The error kinds that count as the deployment failing.', default: cooldown.countedKinds },
          },
        },
      },
    },
  },
};
