import { useState } from 'preact/hooks';
import { TimeChart } from '../charts/time-chart.js';
import type { AdminApi } from '../lib/admin-api.js';
import type { UsageSeries, UsageSeriesPoint } from '@modelgate/gateway/admin-types';
import { formatCount, formatMs, formatPercent, formatUsd } from '../lib/format.js';
import { seriesTotals, toChartData } from '../lib/series-table.js';
import { useLoad } from './use-load.js';

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;
/** Requests refused before a model resolved (an unknown model) have no model, family or key to split by. */
const splitLabel = (group: string) => group || '(none)';
const RANGES = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;

type Bucket = keyof typeof BUCKET_MS;
type Split = 'model' | 'family' | 'key';

interface Series {
  readonly split: readonly UsageSeriesPoint[];
  readonly overall: readonly UsageSeriesPoint[];
}

/** Requests, tokens, cost, error rate and latency percentiles over time, split by model, family or key. */
export function OverviewPage({ api }: { readonly api: AdminApi }) {
  const [bucket, setBucket] = useState<Bucket>('hour');
  const [split, setSplit] = useState<Split>('model');
  const [range, setRange] = useState<keyof typeof RANGES>('24h');
  const { data, error } = useLoad<Series>(async () => {
    const from = new Date(Date.now() - RANGES[range]).toISOString();
    const [byGroup, overall] = await Promise.all([
      api.get<UsageSeries>('/usage/series', { bucket, by: split, from }),
      api.get<UsageSeries>('/usage/series', { bucket, by: 'none', from }),
    ]);
    return { split: byGroup.data, overall: overall.data };
  }, [api, bucket, split, range]);
  const bucketMs = BUCKET_MS[bucket];
  const totals = seriesTotals(data?.overall ?? []);
  return (
    <div class="page" data-page="overview">
      <header class="toolbar">
        <h2>Overview</h2>
        <label>
          Period
          <select name="range" value={range} onChange={(event) => setRange(event.currentTarget.value as keyof typeof RANGES)}>
            <option value="24h">Last 24 hours</option>
            <option value="7d">Last 7 days</option>
            <option value="30d">Last 30 days</option>
          </select>
        </label>
        <label>
          Buckets
          <select name="bucket" value={bucket} onChange={(event) => setBucket(event.currentTarget.value as Bucket)}>
            <option value="hour">Hour</option>
            <option value="day">Day</option>
          </select>
        </label>
        <label>
          Split by
          <select name="split" value={split} onChange={(event) => setSplit(event.currentTarget.value as Split)}>
            <option value="model">Model</option>
            <option value="family">Family</option>
            <option value="key">Key</option>
          </select>
        </label>
      </header>
      {error && <p class="error" role="alert">{error}</p>}
      {data && (
        <>
          <div class="tiles">
            <Tile name="requests" label="Requests" value={formatCount(totals.requests)} />
            <Tile name="tokens" label="Tokens" value={formatCount(totals.tokens)} />
            <Tile name="cost" label="Cost" value={formatUsd(totals.costUsd)} />
            <Tile name="error-rate" label="Error rate" value={totals.requests ? formatPercent(totals.errors / totals.requests) : '–'} />
          </div>
          <div class="charts">
            <TimeChart title="Requests" data={toChartData(data.split, bucketMs, (point) => point.requests, splitLabel)} format={formatCount} />
            <TimeChart title="Tokens" data={toChartData(data.split, bucketMs, (point) => point.promptTokens + point.completionTokens, splitLabel)} format={formatCount} />
            <TimeChart title="Cost" data={toChartData(data.split, bucketMs, (point) => point.costUsd, splitLabel)} format={formatUsd} />
            <TimeChart title="Error rate" data={toChartData(data.split, bucketMs, (point) => (point.requests ? point.errors / point.requests : null), splitLabel)} format={formatPercent} summary="peak" />
            <TimeChart
              title="Latency"
              data={{
                ...toChartData(data.overall, bucketMs, () => 0),
                // No usage yet (a fresh install): no line, rather than three made of nothing.
                lines: (data.overall.length === 0 ? [] : (['latencyP50Ms', 'latencyP95Ms', 'latencyP99Ms'] as const)).map((field) => ({
                  ...toChartData(data.overall, bucketMs, (point) => point[field]).lines[0]!,
                  label: field.slice('latency'.length, -'Ms'.length).toLowerCase(),
                })),
              }}
              format={(value) => formatMs(value)}
              summary="peak"
            />
          </div>
        </>
      )}
    </div>
  );
}

function Tile({ name, label, value }: { readonly name: string; readonly label: string; readonly value: string }) {
  return (
    <div class="tile" data-tile={name}>
      <span class="tile-label">{label}</span>
      <span class="tile-value">{value}</span>
    </div>
  );
}
