import { SCENARIOS } from '../scenarios.js';
import { TARGET_NAMES } from '../targets/bench-target.js';
import { cellLatencies, findCell, type BenchReport, type CellRecord } from './bench-report.js';
import { compareCell } from './compare-cell.js';
import { formatNumber, formatTable } from './format-table.js';

const HEADERS = [
  'scenario', 'c', 'target', 'req/s', '% bare', 'p50 ms', 'p99 ms', '+p50 bare', '+p50 direct', 'ttfb ms', '+ttfb bare',
  'cpu µs/req', '× bare', 'cpu µs/chunk', 'rss MB', 'errors',
];

function percent(share: number | undefined): string {
  return share === undefined ? '–' : `${(share * 100).toFixed(0)}%`;
}

function row(report: BenchReport, cell: CellRecord): string[] {
  const { p50, p99 } = cellLatencies(cell);
  const comparison = compareCell(report, cell);
  const precision = cell.probe ? 3 : 0;
  return [
    SCENARIOS.find((scenario) => scenario.id === cell.scenario)?.label ?? cell.scenario,
    String(cell.concurrency),
    cell.target,
    formatNumber(cell.requestsPerSecond),
    percent(comparison.throughputShare),
    formatNumber(p50, precision),
    formatNumber(p99, precision),
    formatNumber(comparison.addedP50OverBare, 3),
    formatNumber(comparison.addedP50OverDirect, 3),
    formatNumber(comparison.firstByte, 3),
    formatNumber(comparison.addedFirstByteOverBare, 3),
    formatNumber(cell.cpuMicrosecondsPerRequest),
    formatNumber(comparison.cpuRatio, 2),
    formatNumber(comparison.cpuPerChunk, 2),
    formatNumber(cell.rssMegabytes, 1),
    String(cell.failed),
  ];
}

function order<T>(list: readonly T[], item: T): number {
  return list.indexOf(item);
}

/** Direct must outrun the bare proxy by this much under load, or the load core may be what caps the bare proxy. */
const LOAD_CORE_HEADROOM = 1.25;

/**
 * Cells under load where going direct was not clearly faster than the bare proxy: the load core
 * (simulator and load generator) may cap the bare proxy there, and '% bare' then flatters the others.
 */
function loadBoundNote(report: BenchReport): string[] {
  const bound = report.cells.filter((cell) => {
    if (cell.target !== 'bare proxy' || cell.concurrency === 1) return false;
    const direct = findCell(report, 'direct', cell.scenario, cell.concurrency);
    return direct !== undefined && direct.requestsPerSecond < cell.requestsPerSecond * LOAD_CORE_HEADROOM;
  });
  if (bound.length === 0) return [];
  const cells = bound.map((cell) => `${SCENARIOS.find((scenario) => scenario.id === cell.scenario)?.label ?? cell.scenario} c=${cell.concurrency}`);
  return [`Direct was within ${Math.round((LOAD_CORE_HEADROOM - 1) * 100)}% of the bare proxy's req/s in: ${cells.join('; ')}. The load core (simulator and load generator) may cap the bare proxy there, so '% bare' flatters the others; CPU ratios still hold.`];
}

/** Every cell, by scenario, concurrency and target, with its ratios to the bare proxy. */
export function formatResultsTable(report: BenchReport): string {
  const ids = SCENARIOS.map((scenario) => scenario.id);
  const ordered = [...report.cells].sort(
    (a, b) => order(ids, a.scenario) - order(ids, b.scenario) || a.concurrency - b.concurrency || order(TARGET_NAMES, a.target) - order(TARGET_NAMES, b.target),
  );
  return [
    formatTable(HEADERS, ordered.map((cell) => row(report, cell))),
    '(% bare, × bare: req/s and CPU per request against the bare proxy in the same scenario and concurrency. c=1: p50/p99 and ttfb from a',
    ' sequential microsecond-clock probe that sends to every target in turn; +p50/+ttfb: added over the bare proxy or direct. c>1: autocannon,',
    ' 1 ms resolution. cpu: utime+stime of the proxy process from /proc, per answer; per chunk = per answer / 2,000 on the long streams.)',
    ...loadBoundNote(report),
  ].join('\n');
}
