import type { Exchange, ExchangeAttempt } from '@modelgate/pipeline';
import type { GatewayExtension, GatewayRequestHooks } from '../modules/gateway-module.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { GatewayMetrics } from './gateway-metrics.js';

const MILLISECONDS_PER_SECOND = 1_000;

/** The label of every model or deployment the config and the providers' catalogs do not name. */
export const UNLISTED_LABEL = 'other';

/** Which model and deployment ids are the config's (or a catalog's): only those become label values. */
export interface ListedNames {
  isListedModel(id: string): boolean;
  isListedDeployment(id: string): boolean;
}

/**
 * Feeds the metrics from each request's hooks: in flight, streams, upstream attempts, retries,
 * fallbacks and cooldowns, and the usage records the usage module announces, the one source of
 * request, token and cost counts, so the counters match the records exactly; and the limits'
 * refusals.
 */
export class MetricsExtension implements GatewayExtension {
  readonly id = 'metrics';
  private readonly live = new Set<Exchange>();

  constructor(
    private readonly metrics: GatewayMetrics,
    private readonly listed: ListedNames,
  ) {}

  // A client may send any id a provider's pattern matches: labelled by it, each would be a series kept forever.
  private model(id: string): string {
    return id === '' || this.listed.isListedModel(id) ? id : UNLISTED_LABEL;
  }

  private deployment(id: string): string {
    return id === '' || this.listed.isListedDeployment(id) ? id : UNLISTED_LABEL;
  }

  /** For the in-flight gauges, read at each scrape. */
  inFlight(): { requests: number; streams: number } {
    let streams = 0;
    for (const exchange of this.live) if (exchange.stage === 'streaming' && exchange.streamOutcome === undefined && !exchange.connectionClosed) streams++;
    return { requests: this.live.size, streams };
  }

  open(exchange: Exchange): GatewayRequestHooks {
    this.live.add(exchange);
    return {
      attemptStarted: (attempt) => this.attemptStarted(exchange, attempt),
      attemptEnded: (attempt) => this.attemptEnded(attempt),
      closed: (ending) => void ending.finally(() => this.live.delete(exchange)).catch(() => undefined),
      usageRecorded: (record) => this.recorded(record, exchange),
      limitRefused: (limit) => this.metrics.limiterRefusals.inc({ limit }),
      guardrailActed: (decision) => this.metrics.guardrailDecisions.inc({ guardrail: decision.guardrail, action: decision.action, phase: decision.phase }),
    };
  }

  private attemptStarted(exchange: Exchange, attempt: ExchangeAttempt): void {
    const index = exchange.attempts.indexOf(attempt);
    const previous = index > 0 ? exchange.attempts[index - 1] : undefined;
    if (!previous) return;
    if (previous.model === attempt.model) this.metrics.retries.inc({ model: this.model(attempt.model) });
    else this.metrics.fallbacks.inc({ model: this.model(previous.model), fallback: this.model(attempt.model) });
  }

  private attemptEnded(attempt: ExchangeAttempt): void {
    const deployment = this.deployment(attempt.deployment);
    this.metrics.upstreamAttempts.inc([this.model(attempt.model), attempt.provider, deployment, attempt.status === undefined ? '' : String(attempt.status), attempt.errorKind ?? '']);
    if (attempt.startedCooldown) this.metrics.cooldowns.inc({ deployment });
  }

  private recorded(record: UsageRecord, exchange: Exchange): void {
    const model = this.model(record.model ?? '');
    const provider = exchange.servedBy?.deployment.instance.id ?? exchange.provider ?? '';
    // Label values in the metrics' label order (gateway-metrics.ts), the key id last when kept.
    const key = this.metrics.keyLabels ? [record.keyId] : [];
    const errorKind = record.status >= 400 ? (exchange.errorKind ?? '') : '';
    this.metrics.requests.inc([record.endpoint, model, provider, this.deployment(record.deployment ?? ''), String(record.status), errorKind, ...key]);
    if (record.cacheHit) this.metrics.responseCacheHits.inc({ model });
    const timing = [record.endpoint, model, provider];
    this.metrics.requestSeconds.observe(timing, record.latencyMs / MILLISECONDS_PER_SECOND);
    if (record.timeToFirstTokenMs !== undefined) this.metrics.firstByteSeconds.observe(timing, record.timeToFirstTokenMs / MILLISECONDS_PER_SECOND);
    this.countTokens(model, provider, key, record);
    if (record.costUsd > 0) this.metrics.costUsd.inc([model, provider, ...key], record.costUsd);
  }

  private countTokens(model: string, provider: string, key: readonly string[], record: UsageRecord): void {
    const { tokens } = this.metrics;
    if (record.promptTokens > 0) tokens.inc([model, provider, 'input', ...key], record.promptTokens);
    if (record.completionTokens > 0) tokens.inc([model, provider, 'output', ...key], record.completionTokens);
    if (record.cachedTokens > 0) tokens.inc([model, provider, 'cached', ...key], record.cachedTokens);
    if ((record.cacheWriteTokens ?? 0) > 0) tokens.inc([model, provider, 'cache_write', ...key], record.cacheWriteTokens!);
    if (record.reasoningTokens > 0) tokens.inc([model, provider, 'reasoning', ...key], record.reasoningTokens);
  }
}
