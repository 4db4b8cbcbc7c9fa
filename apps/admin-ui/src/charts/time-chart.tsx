import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import type { ChartData } from '../lib/series-table.js';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

interface TimeChartProps {
  readonly title: string;
  readonly data: ChartData;
  /** How a value reads in the legend's totals. */
  readonly format: (value: number) => string;
  /** Totals make no sense for ratios and percentiles: the legend shows the peak instead. */
  readonly summary?: 'total' | 'peak';
}

/** A uPlot line chart over time (canvas), with a legend of each line's total or peak in the DOM. */
export function TimeChart({ title, data, format, summary = 'total' }: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current || data.times.length === 0) return;
    const plot = new uPlot(
      {
        width: Math.max(320, host.current.clientWidth),
        height: 220,
        legend: { show: false },
        // One bucket alone (every new install's first hour): uPlot pads a lone time by 86400 / 1e-3
        // seconds, about 2.7 years, so the range is set from the data itself, a bucket either side.
        scales: { x: { time: true, range: (_plot: uPlot, min: number, max: number): [number, number] => (data.times.length === 1 ? [data.times[0]! - data.bucketSeconds, data.times[0]! + data.bucketSeconds] : [min, max]) } },
        series: [{}, ...data.lines.map((line, index) => ({ label: line.label, stroke: COLORS[index % COLORS.length], width: 2, points: { show: data.times.length < 3 } }))],
        axes: [{}, { values: (_plot: uPlot, ticks: number[]) => ticks.map(format), size: 70 }],
      },
      [data.times, ...data.lines.map((line) => line.values)],
      host.current,
    );
    return () => plot.destroy();
  }, [data, format]);
  const peak = (values: ReadonlyArray<number | null>) => Math.max(0, ...values.filter((value): value is number => value !== null));
  return (
    <section class="chart" data-chart={title}>
      <h3>{title}</h3>
      {data.times.length === 0 ? <p class="empty">No requests in this period.</p> : <div ref={host} class="chart-canvas" />}
      <ul class="legend">
        {data.lines.map((line, index) => (
          <li key={line.label} data-series={line.label}>
            <span class="swatch" style={{ background: COLORS[index % COLORS.length] }} />
            <span class="series-label">{line.label}</span>
            <span class="series-value">{format(summary === 'total' ? line.total : peak(line.values))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
