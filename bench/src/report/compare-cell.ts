import { findScenario } from '../scenarios.js';
import { cellLatencies, findCell, type BenchReport, type CellRecord } from './bench-report.js';

/** A cell beside the bare proxy's and direct's (same scenario and concurrency); each figure undefined where it does not apply. */
export interface CellComparison {
  /** req/s as a share of the bare proxy's. */
  readonly throughputShare: number | undefined;
  /** CPU per request over the bare proxy's. */
  readonly cpuRatio: number | undefined;
  /** c=1 (the microsecond probe): p50 added over the bare proxy's and over direct's, ms. */
  readonly addedP50OverBare: number | undefined;
  readonly addedP50OverDirect: number | undefined;
  /** Streams at c=1: time to first byte, and what it adds over the bare proxy's, ms. */
  readonly firstByte: number | undefined;
  readonly addedFirstByteOverBare: number | undefined;
  /** Long streams: CPU µs per chunk (process CPU / (answers × chunks)). */
  readonly cpuPerChunk: number | undefined;
}

function ratio(value: number | undefined, reference: number | undefined): number | undefined {
  return value === undefined || reference === undefined || reference === 0 ? undefined : value / reference;
}

function difference(value: number | undefined, reference: number | undefined): number | undefined {
  return value === undefined || reference === undefined ? undefined : value - reference;
}

export function compareCell(report: BenchReport, cell: CellRecord): CellComparison {
  const scenario = findScenario(cell.scenario);
  const bare = cell.target === 'bare proxy' ? undefined : findCell(report, 'bare proxy', cell.scenario, cell.concurrency);
  const direct = cell.target === 'direct' ? undefined : findCell(report, 'direct', cell.scenario, cell.concurrency);
  const firstByte = scenario.stream ? cell.probe?.firstByteP50 : undefined;
  return {
    throughputShare: ratio(cell.requestsPerSecond, bare?.requestsPerSecond),
    cpuRatio: ratio(cell.cpuMicrosecondsPerRequest, bare?.cpuMicrosecondsPerRequest),
    addedP50OverBare: cell.probe && bare?.probe ? cell.probe.latencyP50 - bare.probe.latencyP50 : undefined,
    addedP50OverDirect: cell.probe && direct?.probe ? cellLatencies(cell).p50 - cellLatencies(direct).p50 : undefined,
    firstByte,
    addedFirstByteOverBare: difference(firstByte, bare?.probe?.firstByteP50),
    cpuPerChunk: scenario.chunks && cell.cpuMicrosecondsPerRequest !== undefined ? cell.cpuMicrosecondsPerRequest / scenario.chunks : undefined,
  };
}
