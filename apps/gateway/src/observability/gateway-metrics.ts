import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram } from './series-metrics.js';

/** What the gauges read at each scrape. */
export interface MetricsGauges {
  /** Model requests whose exchange has not ended, and those of them relaying a stream now. */
  readonly inFlight: () => { readonly requests: number; readonly streams: number };
  /** Usage records waiting to be written to the store. */
  readonly usageQueueDepth: () => number;
  /** Each deployment of each model, and whether it is in rotation. */
  readonly deployments: () => ReadonlyArray<{ readonly model: string; readonly deployment: string; readonly up: boolean }>;
}

export const REQUEST_LABELS = ['endpoint', 'model', 'provider', 'deployment', 'status', 'error_kind'] as const;
export const TIMING_LABELS = ['endpoint', 'model', 'provider'] as const;
export const TOKEN_LABELS = ['model', 'provider', 'type'] as const;
export const COST_LABELS = ['model', 'provider'] as const;
export const ATTEMPT_LABELS = ['model', 'provider', 'deployment', 'status', 'error_kind'] as const;

const REQUEST_SECONDS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160];
const FIRST_BYTE_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every series `GET /metrics` exposes, in one prom-client registry per gateway (no global state:
 * two gateways in one process keep their own). Labels are bounded: models, providers and
 * deployments come from the config, statuses, kinds and limits from short lists; the key id is a
 * label only when `metrics.keyLabels` asks for it. docs/observability.md lists them.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  // Updated on every request: kept as plain numbers until scraped (series-metrics.ts). Their label
  // values are given in the order of REQUEST_LABELS, TIMING_LABELS, … (with `key` last when kept).
  readonly requests: SeriesCounter;
  readonly requestSeconds: SeriesHistogram;
  readonly firstByteSeconds: SeriesHistogram;
  readonly tokens: SeriesCounter;
  readonly costUsd: SeriesCounter;
  readonly upstreamAttempts: SeriesCounter;
  readonly retries: Counter;
  readonly fallbacks: Counter;
  readonly cooldowns: Counter;
  readonly responseCacheHits: Counter;
  readonly limiterRefusals: Counter;
  readonly guardrailDecisions: Counter;

  constructor(
    gauges: MetricsGauges,
    readonly keyLabels: boolean,
  ) {
    const registers = [this.registry];
    const withKey = (labels: string[]) => (keyLabels ? [...labels, 'key'] : labels);
    const registry = this.registry;
    this.requests = new SeriesCounter(
      'modelgate_requests_total',
      'Model requests by endpoint (the front operation), model, provider instance, deployment that answered, status and error kind; one per usage record.',
      withKey([...REQUEST_LABELS]),
      registry,
    );
    this.requestSeconds = new SeriesHistogram(
      'modelgate_request_duration_seconds',
      'Model request duration, from its arrival to its answer (a stream: to its end).',
      TIMING_LABELS,
      REQUEST_SECONDS,
      registry,
    );
    this.firstByteSeconds = new SeriesHistogram(
      'modelgate_time_to_first_byte_seconds',
      "Time from a streamed request's arrival to its first streamed byte.",
      TIMING_LABELS,
      FIRST_BYTE_SECONDS,
      registry,
    );
    this.tokens = new SeriesCounter(
      'modelgate_tokens_total',
      'Tokens by type: input, output, cached (input read from a cache), cache_write (input written to a cache) and reasoning (part of output), as the usage records count them.',
      withKey([...TOKEN_LABELS]),
      registry,
    );
    this.costUsd = new SeriesCounter('modelgate_cost_usd_total', 'Spend in USD, as the usage records price it.', withKey([...COST_LABELS]), registry);
    this.upstreamAttempts = new SeriesCounter(
      'modelgate_upstream_attempts_total',
      'Upstream attempts by model, deployment, status and error kind (retries and fallbacks included).',
      ATTEMPT_LABELS,
      registry,
    );
    this.retries = new Counter({ name: 'modelgate_retries_total', help: 'Retries: attempts after the first for the same model.', labelNames: ['model'], registers });
    this.fallbacks = new Counter({ name: 'modelgate_fallbacks_total', help: 'Requests sent on to a fallback model.', labelNames: ['model', 'fallback'], registers });
    this.cooldowns = new Counter({ name: 'modelgate_cooldowns_total', help: 'Times a deployment left rotation to cool down.', labelNames: ['deployment'], registers });
    this.responseCacheHits = new Counter({ name: 'modelgate_response_cache_hits_total', help: 'Requests the response cache answered, without an upstream call.', labelNames: ['model'], registers });
    this.limiterRefusals = new Counter({
      name: 'modelgate_limiter_refusals_total',
      help: 'Requests refused by a key limit: rpm, tpm, concurrency or budget.',
      labelNames: ['limit'],
      registers,
    });
    this.guardrailDecisions = new Counter({
      name: 'modelgate_guardrail_decisions_total',
      help: 'Guardrail decisions by guardrail (a configured name), action (block, redact, log) and phase (request, answer).',
      labelNames: ['guardrail', 'action', 'phase'],
      registers,
    });
    new Gauge({
      name: 'modelgate_requests_in_flight',
      help: 'Model requests being served now.',
      registers,
      collect() {
        this.set(gauges.inFlight().requests);
      },
    });
    new Gauge({
      name: 'modelgate_open_streams',
      help: 'Streams being relayed now.',
      registers,
      collect() {
        this.set(gauges.inFlight().streams);
      },
    });
    new Gauge({
      name: 'modelgate_usage_queue_depth',
      help: 'Usage records waiting to be written to the store.',
      registers,
      collect() {
        this.set(gauges.usageQueueDepth());
      },
    });
    new Gauge({
      name: 'modelgate_deployment_up',
      help: 'Whether each deployment is in rotation (1) or cooling down (0).',
      labelNames: ['model', 'deployment'],
      registers,
      // Summed over workers (server.workers) like the others, it would count them: 0 once any has it out.
      aggregator: 'min',
      collect() {
        this.reset();
        for (const { model, deployment, up } of gauges.deployments()) this.set({ model, deployment }, up ? 1 : 0);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ readonly contentType: string; readonly text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
