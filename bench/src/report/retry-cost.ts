import { findScenario } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';
import { cellLatencies, findCell, type BenchReport, type CellRecord } from './bench-report.js';
import { formatNumber, formatTable } from './format-table.js';

interface CellFigures {
  readonly p50: number;
  readonly p99: number;
  readonly requestsPerSecond: number;
}

/** A retry measurement beside the same request on the healthy path: same target, same concurrency. */
export interface RetryCost {
  /** The healthy scenario's label: the request both measured. */
  readonly label: string;
  readonly target: TargetName;
  readonly concurrency: number;
  readonly healthy: CellFigures;
  readonly retried: CellFigures;
}

function figures(cell: CellRecord): CellFigures {
  return { ...cellLatencies(cell), requestsPerSecond: cell.requestsPerSecond };
}

/** Every retry cell that has its healthy twin in the report. */
export function retryCosts(report: BenchReport): RetryCost[] {
  return report.cells.flatMap((cell) => {
    const retryOf = findScenario(cell.scenario).retryOf;
    const healthy = retryOf && findCell(report, cell.target, retryOf, cell.concurrency);
    if (!healthy) return [];
    // At c=1 the healthy twin probed in turn with the retried request, rather than its own cell measured earlier.
    const twin = { ...healthy, probe: cell.twinProbe ?? healthy.probe };
    return [{ label: findScenario(retryOf).label, target: cell.target, concurrency: cell.concurrency, healthy: figures(twin), retried: figures(cell) }];
  });
}

const HEADERS = ['request', 'c', 'target', 'healthy p50', 'retried p50', 'retry +p50', 'healthy p99', 'retried p99', 'retry +p99', 'healthy req/s', 'retried req/s'];

/** The retry section of the text report: the added latency of one retry, per concurrency; empty when none was measured. */
export function formatRetryCosts(costs: readonly RetryCost[]): string[] {
  if (costs.length === 0) return [];
  const rows = costs.map(({ label, target, concurrency, healthy, retried }) => {
    const precision = concurrency === 1 ? 3 : 0;
    return [
      label,
      String(concurrency),
      target,
      formatNumber(healthy.p50, precision),
      formatNumber(retried.p50, precision),
      formatNumber(retried.p50 - healthy.p50, precision),
      formatNumber(healthy.p99, precision),
      formatNumber(retried.p99, precision),
      formatNumber(retried.p99 - healthy.p99, precision),
      formatNumber(healthy.requestsPerSecond),
      formatNumber(retried.requestsPerSecond),
    ];
  });
  return [
    '',
    "Retry cost (ms; the model's first deployment answers 503 and each request is retried once on a healthy one, the answer's attempt count checked before and after the load;",
    ' c=1: both probed in turn on one client, so a busy spell of the machine hits both alike; c>1: separate autocannon runs):',
    formatTable(HEADERS, rows),
  ];
}
