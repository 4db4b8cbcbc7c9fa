import type { Registry } from 'prom-client';
import type { MetricsRender } from '../observability/metrics-router.js';
import { PrimaryCalls, type SendToPrimary } from './primary-calls.js';

export interface MetricsReplyMessage {
  readonly type: 'modelgate:metrics-reply';
  readonly id: number;
  readonly contentType?: string;
  readonly text?: string;
  readonly error?: string;
}

/**
 * A worker's `GET /metrics`: its registry is offered to prom-client's cluster aggregation, and a
 * scrape, whichever worker gets it, asks the primary for the sum over every worker
 * (`AggregatorRegistry.clusterMetrics`, which asks each worker for its registry).
 */
export async function shareWorkerMetrics(registry: Registry, send: SendToPrimary, channel: NodeJS.EventEmitter = process): Promise<MetricsRender> {
  const { AggregatorRegistry } = await import('prom-client');
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds the worker's listener that answers the primary with its registry.
  new AggregatorRegistry();
  const calls = new PrimaryCalls<'scrape', MetricsReplyMessage>('metrics', 'modelgate:metrics', 'modelgate:metrics-reply', send, channel);
  return async () => {
    const reply = await calls.call('scrape');
    return { contentType: reply.contentType!, text: reply.text! };
  };
}
