import { SCENARIOS } from '../scenarios.js';
import { cellLatencies, findCell, type BenchReport, type CellRecord } from './bench-report.js';
import { formatNumber, formatTable } from './format-table.js';
import { formatRetryCosts, retryCosts } from './retry-cost.js';

const HEADERS = ['scenario', 'c', 'target', 'req/s', 'p50 ms', 'p99 ms', '+p50 ms', 'ttfb ms', '+ttfb ms', 'cpu µs/req', 'rss MB', 'errors'];

function row(report: BenchReport, cell: CellRecord): string[] {
  const direct = findCell(report, 'direct', cell.scenario, cell.concurrency);
  const { p50, p99 } = cellLatencies(cell);
  const added = direct && cell.target !== 'direct' ? p50 - cellLatencies(direct).p50 : undefined;
  const stream = SCENARIOS.find((scenario) => scenario.id === cell.scenario)?.stream === true;
  const firstByte = stream ? cell.probe?.firstByteP50 : undefined;
  const addedFirstByte = firstByte !== undefined && direct?.probe && cell.target !== 'direct' ? firstByte - direct.probe.firstByteP50 : undefined;
  const precision = cell.probe ? 3 : 0;
  return [
    SCENARIOS.find((scenario) => scenario.id === cell.scenario)?.label ?? cell.scenario,
    String(cell.concurrency),
    cell.target,
    formatNumber(cell.requestsPerSecond),
    formatNumber(p50, precision),
    formatNumber(p99, precision),
    formatNumber(added, precision),
    formatNumber(firstByte, 3),
    formatNumber(addedFirstByte, 3),
    formatNumber(cell.cpuMicrosecondsPerRequest),
    formatNumber(cell.rssMegabytes, 1),
    String(cell.failed),
  ];
}

export function formatResultsTable(report: BenchReport): string {
  const ordered = [...report.cells].sort(
    (a, b) =>
      SCENARIOS.findIndex((scenario) => scenario.id === a.scenario) - SCENARIOS.findIndex((scenario) => scenario.id === b.scenario) ||
      a.concurrency - b.concurrency,
  );
  const skipped = report.skipped.map((entry) => `  ${entry.target} / ${entry.scenario}: ${entry.reason}`);
  const streams = report.openStreams.map(
    (entry) => `  ${entry.target}: ${entry.open} open (${entry.failed} failed), RSS ${entry.rssBeforeMegabytes.toFixed(1)} → ${entry.rssOpenMegabytes.toFixed(1)} MB`,
  );
  const soak = report.soak
    ? [`  modelgate: ${report.soak.seconds} s, ${report.soak.requests} requests, RSS ${report.soak.rssBeforeMegabytes.toFixed(1)} → ${report.soak.rssAfterMegabytes.toFixed(1)} MB (samples ${report.soak.rssSamplesMegabytes.map((value) => value.toFixed(0)).join(' ')})`]
    : [];
  return [
    formatTable(HEADERS, ordered.map((cell) => row(report, cell))),
    '(c=1: latency and ttfb from a sequential microsecond-clock probe; c>1: autocannon, 1 ms resolution. +x: over direct.)',
    ...(skipped.length > 0 ? ['', 'Skipped:', ...skipped] : []),
    ...(streams.length > 0 ? ['', 'Open streams (held by the simulator):', ...streams] : []),
    ...formatRetryCosts(retryCosts(report)),
    ...(soak.length > 0 ? ['', 'Soak (OpenAI chat stream, c=32):', ...soak] : []),
  ].join('\n');
}
