import type { UsageSeriesPoint } from '@modelgate/gateway/admin-types';

/** One chart's data: the bucket starts (Unix seconds, as uPlot takes them) and one line per group. */
export interface ChartData {
  readonly times: number[];
  /** The width of a bucket, in seconds. */
  readonly bucketSeconds: number;
  readonly lines: ReadonlyArray<{ readonly label: string; readonly values: Array<number | null>; readonly total: number }>;
}

/**
 * Pivots the API's rows (one per bucket and group) into a chart: every bucket between the first
 * and the last, so quiet hours show as zero instead of a line jumping across them, and one line
 * per group with the value `pick` reads (`null` where a ratio has no requests to divide).
 */
export function toChartData(points: readonly UsageSeriesPoint[], bucketMs: number, pick: (point: UsageSeriesPoint) => number | null, label: (group: string) => string = (group) => group || 'all'): ChartData {
  if (points.length === 0) return { times: [], bucketSeconds: bucketMs / 1000, lines: [] };
  const first = Math.min(...points.map((point) => point.bucketStart));
  const last = Math.max(...points.map((point) => point.bucketStart));
  const starts: number[] = [];
  for (let start = first; start <= last; start += bucketMs) starts.push(start);
  const groups = [...new Set(points.map((point) => point.group))].sort();
  const lines = groups.map((group) => {
    const byStart = new Map(points.filter((point) => point.group === group).map((point) => [point.bucketStart, point]));
    const values = starts.map((start) => {
      const point = byStart.get(start);
      return point ? pick(point) : 0;
    });
    return { label: label(group), values, total: values.reduce<number>((sum, value) => sum + (value ?? 0), 0) };
  });
  return { times: starts.map((start) => start / 1000), bucketSeconds: bucketMs / 1000, lines };
}

/** Totals over every row: what the overview's tiles show. */
export function seriesTotals(points: readonly UsageSeriesPoint[]): { requests: number; errors: number; tokens: number; costUsd: number } {
  return points.reduce(
    (totals, point) => ({
      requests: totals.requests + point.requests,
      errors: totals.errors + point.errors,
      tokens: totals.tokens + point.promptTokens + point.completionTokens,
      costUsd: totals.costUsd + point.costUsd,
    }),
    { requests: 0, errors: 0, tokens: 0, costUsd: 0 },
  );
}
