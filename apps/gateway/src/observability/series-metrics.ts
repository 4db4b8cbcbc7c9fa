import type { Registry } from 'prom-client';

/** One label set's values, in the order of the metric's label names. */
export type LabelValues = readonly string[];

/** What prom-client's registry reads of a metric at a scrape: `get()` and the fields it formats. */
interface ScrapedValue {
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
  readonly metricName?: string;
}

/**
 * The per-request series (requests, durations, tokens, cost, attempts) kept as plain numbers per
 * label set, and handed to prom-client's registry only when scraped. prom-client's own `inc` and
 * `observe` check every label name and hash a sorted copy of the labels on every call, several
 * times per request: a few percent of a request's CPU. Here a call joins the values into one key
 * and adds to a number. The exposition is prom-client's, the same text as its own metrics.
 */
abstract class SeriesMetric<Entry> {
  protected readonly series = new Map<string, Entry>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    // The registry takes any object with a name and `get()`; it is typed for its own metric classes.
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  abstract readonly type: 'counter' | 'histogram';

  /** The series' entry for these label values, made at its first use. */
  protected entry(values: LabelValues, create: (labels: Record<string, string>) => Entry): Entry {
    const key = values.join('\u0000');
    let found = this.series.get(key);
    if (!found) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, index) => (labels[name] = values[index]!));
      found = create(labels);
      this.series.set(key, found);
    }
    return found;
  }

  protected abstract values(): ScrapedValue[];

  async get(): Promise<{ name: string; help: string; type: string; values: ScrapedValue[]; aggregator: 'sum' }> {
    return { name: this.name, help: this.help, type: this.type, values: this.values(), aggregator: 'sum' };
  }
}

interface CounterEntry {
  readonly labels: Record<string, string>;
  value: number;
}

export class SeriesCounter extends SeriesMetric<CounterEntry> {
  readonly type = 'counter';

  inc(values: LabelValues, by = 1): void {
    this.entry(values, (labels) => ({ labels, value: 0 })).value += by;
  }

  protected values(): ScrapedValue[] {
    return [...this.series.values()].map(({ labels, value }) => ({ labels, value }));
  }
}

interface HistogramEntry {
  readonly labels: Record<string, string>;
  /** Observations per bucket (not cumulative), the last for +Inf. */
  readonly counts: number[];
  sum: number;
  count: number;
}

export class SeriesHistogram extends SeriesMetric<HistogramEntry> {
  readonly type = 'histogram';

  constructor(name: string, help: string, labelNames: readonly string[], private readonly buckets: readonly number[], registry: Registry) {
    super(name, help, labelNames, registry);
  }

  observe(values: LabelValues, value: number): void {
    const entry = this.entry(values, (labels) => ({ labels, counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]!) bucket++;
    entry.counts[bucket]! += 1;
    entry.sum += value;
    entry.count += 1;
  }

  protected values(): ScrapedValue[] {
    const scraped: ScrapedValue[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += counts[index]!;
        scraped.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
      });
      scraped.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      scraped.push({ metricName: `${this.name}_sum`, labels, value: sum });
      scraped.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return scraped;
  }
}
