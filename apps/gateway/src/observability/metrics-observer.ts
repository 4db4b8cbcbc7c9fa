import type { Exchange, ExchangeAttempt, ExchangeObserver, RequestEnding } from '@modelgate/pipeline';
import type { RefusingLimit, RequestGateListener } from '../limits/request-gate.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { GatewayMetrics } from './gateway-metrics.js';

const MILLISECONDS_PER_SECOND = 1_000;

/**
 * Feeds the metrics: an observer of each exchange (in flight, streams, upstream attempts, retries,
 * fallbacks and cooldowns) and a listener of the request gate, whose usage records are the one
 * source of request, token and cost counts, so the counters match the records exactly.
 */
export class MetricsObserver implements ExchangeObserver, RequestGateListener {
  private readonly live = new Set<Exchange>();

  constructor(private readonly metrics: GatewayMetrics) {}

  /** For the in-flight gauges, read at each scrape. */
  inFlight(): { requests: number; streams: number } {
    let streams = 0;
    for (const exchange of this.live) if (exchange.stage === 'streaming' && exchange.streamOutcome === undefined && !exchange.connectionClosed) streams++;
    return { requests: this.live.size, streams };
  }

  opened(exchange: Exchange): void {
    this.live.add(exchange);
  }

  attemptStarted(exchange: Exchange, attempt: ExchangeAttempt): void {
    const index = exchange.attempts.indexOf(attempt);
    const previous = index > 0 ? exchange.attempts[index - 1] : undefined;
    if (!previous) return;
    if (previous.model === attempt.model) this.metrics.retries.inc({ model: attempt.model });
    else this.metrics.fallbacks.inc({ model: previous.model, fallback: attempt.model });
  }

  attemptEnded(_exchange: Exchange, attempt: ExchangeAttempt): void {
    this.metrics.upstreamAttempts.inc({
      model: attempt.model,
      provider: attempt.provider,
      deployment: attempt.deployment,
      status: attempt.status === undefined ? '' : String(attempt.status),
      error_kind: attempt.errorKind ?? '',
    });
    if (attempt.startedCooldown) this.metrics.cooldowns.inc({ deployment: attempt.deployment });
  }

  closed(exchange: Exchange, ending: Promise<RequestEnding>): void {
    void ending.finally(() => this.live.delete(exchange)).catch(() => undefined);
  }

  recorded(record: UsageRecord, exchange: Exchange): void {
    const model = record.model ?? '';
    const provider = exchange.servedBy?.deployment.instance.id ?? exchange.provider ?? '';
    const key = this.metrics.keyLabels ? { key: record.keyId } : {};
    this.metrics.requests.inc({
      endpoint: record.endpoint,
      model,
      provider,
      deployment: record.deployment ?? '',
      status: String(record.status),
      error_kind: record.status >= 400 ? (exchange.errorKind ?? '') : '',
      ...key,
    });
    const timing = { endpoint: record.endpoint, model, provider };
    this.metrics.requestSeconds.observe(timing, record.latencyMs / MILLISECONDS_PER_SECOND);
    if (record.timeToFirstTokenMs !== undefined) this.metrics.firstByteSeconds.observe(timing, record.timeToFirstTokenMs / MILLISECONDS_PER_SECOND);
    const counts = { input: record.promptTokens, output: record.completionTokens, cached: record.cachedTokens, reasoning: record.reasoningTokens };
    for (const [type, count] of Object.entries(counts)) if (count > 0) this.metrics.tokens.inc({ model, provider, type, ...key }, count);
    if (record.costUsd > 0) this.metrics.costUsd.inc({ model, provider, ...key }, record.costUsd);
  }

  refused(limit: RefusingLimit): void {
    this.metrics.limiterRefusals.inc({ limit });
  }
}
