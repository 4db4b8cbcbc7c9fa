import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read at each scrape. */
export interface MetricsGauges {
  /** Model requests whose exchange has not ended, and those of them relaying a stream now. */
  readonly inFlight: () => { readonly requests: number; readonly streams: number };
  /** Usage records waiting to be written to the store. */
  readonly usageQueueDepth: () => number;
  /** Each deployment of each model, and whether it is in rotation. */
  readonly deployments: () => ReadonlyArray<{ readonly model: string; readonly deployment: string; readonly up: boolean }>;
}

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
  readonly requests: Counter;
  readonly requestSeconds: Histogram;
  readonly firstByteSeconds: Histogram;
  readonly tokens: Counter;
  readonly costUsd: Counter;
  readonly upstreamAttempts: Counter;
  readonly retries: Counter;
  readonly fallbacks: Counter;
  readonly cooldowns: Counter;
  readonly limiterRefusals: Counter;

  constructor(
    gauges: MetricsGauges,
    readonly keyLabels: boolean,
  ) {
    const registers = [this.registry];
    const withKey = (labels: string[]) => (keyLabels ? [...labels, 'key'] : labels);
    this.requests = new Counter({
      name: 'modelgate_requests_total',
      help: 'Model requests by endpoint (the front operation), model, provider instance, deployment that answered, status and error kind; one per usage record.',
      labelNames: withKey(['endpoint', 'model', 'provider', 'deployment', 'status', 'error_kind']),
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'modelgate_request_duration_seconds',
      help: 'Model request duration, from its arrival to its answer (a stream: to its end).',
      labelNames: ['endpoint', 'model', 'provider'],
      buckets: REQUEST_SECONDS,
      registers,
    });
    this.firstByteSeconds = new Histogram({
      name: 'modelgate_time_to_first_byte_seconds',
      help: "Time from a streamed request's arrival to its first streamed byte.",
      labelNames: ['endpoint', 'model', 'provider'],
      buckets: FIRST_BYTE_SECONDS,
      registers,
    });
    this.tokens = new Counter({
      name: 'modelgate_tokens_total',
      help: 'Tokens by type: input, output, cached (input read from a cache) and reasoning (part of output), as the usage records count them.',
      labelNames: withKey(['model', 'provider', 'type']),
      registers,
    });
    this.costUsd = new Counter({
      name: 'modelgate_cost_usd_total',
      help: 'Spend in USD, as the usage records price it.',
      labelNames: withKey(['model', 'provider']),
      registers,
    });
    this.upstreamAttempts = new Counter({
      name: 'modelgate_upstream_attempts_total',
      help: 'Upstream attempts by model, deployment, status and error kind (retries and fallbacks included).',
      labelNames: ['model', 'provider', 'deployment', 'status', 'error_kind'],
      registers,
    });
    this.retries = new Counter({ name: 'modelgate_retries_total', help: 'Retries: attempts after the first for the same model.', labelNames: ['model'], registers });
    this.fallbacks = new Counter({ name: 'modelgate_fallbacks_total', help: 'Requests sent on to a fallback model.', labelNames: ['model', 'fallback'], registers });
    this.cooldowns = new Counter({ name: 'modelgate_cooldowns_total', help: 'Times a deployment left rotation to cool down.', labelNames: ['deployment'], registers });
    this.limiterRefusals = new Counter({
      name: 'modelgate_limiter_refusals_total',
      help: 'Requests refused by a key limit: rpm, tpm, concurrency or budget.',
      labelNames: ['limit'],
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
