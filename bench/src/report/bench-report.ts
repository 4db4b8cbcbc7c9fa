import type { LatencyProbeResult } from '../load/load-results.js';
import type { CellMeasurement } from '../measure/measure-cell.js';
import type { OpenStreamsMeasurement } from '../measure/measure-open-streams.js';
import type { SoakMeasurement } from '../measure/measure-soak.js';
import type { Scenario } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';

export interface CellRecord extends CellMeasurement {
  readonly target: TargetName;
  readonly scenario: Scenario['id'];
  readonly concurrency: number;
  /** At concurrency 1 only: the microsecond-clock probe (latency and time to first byte). */
  readonly probe: LatencyProbeResult | undefined;
  /** A retry measurement at concurrency 1: its healthy twin, probed in turn with it (the retry cost's baseline). */
  readonly twinProbe?: LatencyProbeResult;
}

export interface SkippedRecord {
  readonly target: TargetName;
  readonly scenario: Scenario['id'];
  readonly reason: string;
}

/** Everything one run measured; written as JSON and printed as tables. */
export interface BenchReport {
  readonly startedAt: string;
  readonly machine: {
    readonly cpus: number;
    readonly node: string;
    /** Other work on the machine skews every figure; a 1-minute load average well above 2 means it was busy. */
    readonly loadAverageAtStart: number;
    readonly pinning: string;
    readonly gatewayLogLevel: string;
  };
  readonly options: object;
  readonly cells: CellRecord[];
  readonly skipped: SkippedRecord[];
  readonly openStreams: (OpenStreamsMeasurement & { readonly target: TargetName })[];
  soak: SoakMeasurement | undefined;
}

export function findCell(report: BenchReport, target: TargetName, scenario: Scenario['id'], concurrency: number): CellRecord | undefined {
  return report.cells.find((cell) => cell.target === target && cell.scenario === scenario && cell.concurrency === concurrency);
}

/** p50 and p99 in milliseconds: at c=1 from the microsecond probe; above, from autocannon (1 ms resolution). */
export function cellLatencies(cell: CellRecord): { readonly p50: number; readonly p99: number } {
  return cell.probe ? { p50: cell.probe.latencyP50, p99: cell.probe.latencyP99 } : { p50: cell.latencyP50, p99: cell.latencyP99 };
}
