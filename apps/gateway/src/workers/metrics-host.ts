import type { AggregatorRegistry, PrometheusContentType } from 'prom-client';
import { answerCalls, type WorkerClient } from './answer-calls.js';
import type { MetricsReplyMessage } from './worker-metrics.js';

/**
 * The primary's side of `shareWorkerMetrics`: a scrape a worker passes on is answered with the
 * sum of every worker's registry. prom-client is loaded at the first scrape.
 */
export class MetricsHost {
  private aggregator?: Promise<AggregatorRegistry<PrometheusContentType>>;

  attach(client: WorkerClient): void {
    answerCalls<'scrape'>(client, 'modelgate:metrics', 'modelgate:metrics-reply', () => this.scrape());
  }

  private async scrape(): Promise<Pick<MetricsReplyMessage, 'contentType' | 'text'>> {
    this.aggregator ??= import('prom-client').then(({ AggregatorRegistry }) => new AggregatorRegistry());
    const aggregator = await this.aggregator;
    return { contentType: aggregator.contentType, text: await aggregator.clusterMetrics() };
  }
}
