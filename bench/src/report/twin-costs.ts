import { findScenario, twinOf, type Scenario } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';
import { cellLatencies, findCell, type BenchReport, type CellRecord } from './bench-report.js';
import { formatNumber, formatTable } from './format-table.js';

interface CellFigures {
  readonly p50: number;
  readonly p99: number;
  readonly requestsPerSecond: number;
}

/** What a twin measurement is: a retried request, or a response-cache hit. */
export type TwinKind = 'retry' | 'cache-hit';

/** A retry or cache-hit measurement beside the same request on the usual path: same target, same concurrency. */
export interface TwinCost {
  readonly kind: TwinKind;
  /** The usual scenario's label: the request both measured. */
  readonly label: string;
  readonly target: TargetName;
  readonly concurrency: number;
  /** The usual path (the healthy request, or the cache's miss, which goes upstream). */
  readonly usual: CellFigures;
  /** The retried request, or the cache hit. */
  readonly measured: CellFigures;
}

function figures(cell: CellRecord): CellFigures {
  return { ...cellLatencies(cell), requestsPerSecond: cell.requestsPerSecond };
}

const kindOf = (scenario: Scenario): TwinKind => (scenario.retryOf ? 'retry' : 'cache-hit');

/** Every retry and cache-hit cell that has its twin in the report. */
export function twinCosts(report: BenchReport): TwinCost[] {
  return report.cells.flatMap((cell) => {
    const scenario = findScenario(cell.scenario);
    const twin = twinOf(scenario);
    const usual = twin && findCell(report, cell.target, twin, cell.concurrency);
    if (!usual) return [];
    // At c=1 the twin probed in turn with the measured request, rather than its own cell measured earlier.
    const paired = { ...usual, probe: cell.twinProbe ?? usual.probe };
    return [{ kind: kindOf(scenario), label: findScenario(twin).label, target: cell.target, concurrency: cell.concurrency, usual: figures(paired), measured: figures(cell) }];
  });
}

const SECTIONS: Readonly<Record<TwinKind, { readonly usual: string; readonly measured: string; readonly title: readonly string[] }>> = {
  retry: {
    usual: 'healthy',
    measured: 'retried',
    title: ["Retry cost (ms; the model's first deployment answers 503 and each request is retried once on a healthy one, the answer's attempt count checked before and after the load;"],
  },
  'cache-hit': {
    usual: 'miss',
    measured: 'hit',
    title: ['Response cache (ms; the same request to a model with the cache on: each is a hit, answered without the upstream, `x-modelgate-cache: hit` checked before and after the load;'],
  },
};

/** One section of the text report: the measured request beside its twin, per concurrency. */
function formatSection(kind: TwinKind, costs: readonly TwinCost[]): string[] {
  const { usual: usualName, measured: measuredName, title } = SECTIONS[kind];
  const own = costs.filter((cost) => cost.kind === kind);
  if (own.length === 0) return [];
  const headers = ['request', 'c', 'target', `${usualName} p50`, `${measuredName} p50`, 'difference p50', `${usualName} p99`, `${measuredName} p99`, 'difference p99', `${usualName} req/s`, `${measuredName} req/s`];
  const rows = own.map(({ label, target, concurrency, usual, measured }) => {
    const precision = concurrency === 1 ? 3 : 0;
    return [
      label,
      String(concurrency),
      target,
      formatNumber(usual.p50, precision),
      formatNumber(measured.p50, precision),
      formatNumber(measured.p50 - usual.p50, precision),
      formatNumber(usual.p99, precision),
      formatNumber(measured.p99, precision),
      formatNumber(measured.p99 - usual.p99, precision),
      formatNumber(usual.requestsPerSecond),
      formatNumber(measured.requestsPerSecond),
    ];
  });
  return ['', ...title, ' c=1: both probed in turn on one client, so a busy spell of the machine hits both alike; c>1: separate autocannon runs):', formatTable(headers, rows)];
}

/** The retry and response-cache sections of the text report; empty when neither was measured. */
export function formatTwinCosts(costs: readonly TwinCost[]): string[] {
  return [...formatSection('retry', costs), ...formatSection('cache-hit', costs)];
}
