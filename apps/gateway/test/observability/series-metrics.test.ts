import { describe, expect, it } from '@jest/globals';
import { Counter, Histogram, Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram } from '../../src/observability/series-metrics.js';

// The per-request series are kept outside prom-client until scraped: their exposition must be
// exactly what prom-client's own Counter and Histogram print for the same observations.
const BUCKETS = [0.1, 0.5, 1, 5];
const OBSERVATIONS: ReadonlyArray<[labels: [string, string], value: number]> = [
  [['chat', 'gpt'], 0.05],
  [['chat', 'gpt'], 0.1],
  [['chat', 'gpt'], 0.7],
  [['chat', 'claude'], 3],
  [['chat', 'claude'], 9],
  [['responses', 'gpt'], 1],
];

describe('series metrics', () => {
  it('print a histogram exactly as prom-client does, bucket edges included', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const series = new SeriesHistogram('test_seconds', 'A test histogram.', ['endpoint', 'model'], BUCKETS, ours);
    const histogram = new Histogram({ name: 'test_seconds', help: 'A test histogram.', labelNames: ['endpoint', 'model'], buckets: BUCKETS, registers: [theirs] });
    for (const [[endpoint, model], value] of OBSERVATIONS) {
      series.observe([endpoint, model], value);
      histogram.observe({ endpoint, model }, value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('print a counter exactly as prom-client does', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const series = new SeriesCounter('test_total', 'A test counter.', ['endpoint', 'model'], ours);
    const counter = new Counter({ name: 'test_total', help: 'A test counter.', labelNames: ['endpoint', 'model'], registers: [theirs] });
    for (const [[endpoint, model], value] of OBSERVATIONS) {
      series.inc([endpoint, model], value);
      counter.inc({ endpoint, model }, value);
    }
    series.inc(['chat', 'gpt']);
    counter.inc({ endpoint: 'chat', model: 'gpt' });
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
