import type { LatencyProbeResult } from '../load/load-results.js';
import type { CellMeasurement } from '../measure/measure-cell.js';
import type { OpenStreamsMeasurement } from '../measure/measure-open-streams.js';
import type { SoakMeasurement } from '../measure/measure-soak.js';
import type { ScenarioId } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';

export interface CellRecord extends CellMeasurement {
  readonly target: TargetName;
  readonly scenario: ScenarioId;
  readonly concurrency: number;
  /** At concurrency 1 only: the microsecond-clock probe (latency and time to first byte). */
  readonly probe: LatencyProbeResult | undefined;
  /** A retry measurement at concurrency 1: its healthy twin, probed in turn with it (the retry cost's baseline). */
  readonly twinProbe?: LatencyProbeResult;
}

export interface SkippedRecord {
  readonly target: TargetName;
  /** `all` when the target did not start. */
  readonly scenario: ScenarioId | 'all';
  readonly reason: string;
}

/** RSS of a target at rest: right after it started, and after one request of each scenario and a pause. */
export interface IdleMemoryRecord {
  readonly target: TargetName;
  readonly rssAtStartMegabytes: number;
  readonly rssAfterRequestsMegabytes: number;
}

/** A target that exited, or a measurement that could not finish: its figures from then on are missing. */
export interface FailureRecord {
  readonly target: TargetName;
  readonly during: string;
  readonly message: string;
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
  readonly estimatedSeconds: number;
  readonly targets: readonly TargetName[];
  readonly cells: CellRecord[];
  readonly skipped: SkippedRecord[];
  readonly failures: FailureRecord[];
  readonly idleMemory: IdleMemoryRecord[];
  readonly openStreams: (OpenStreamsMeasurement & { readonly target: TargetName })[];
  readonly soaks: (SoakMeasurement & { readonly target: TargetName })[];
}

export function findCell(report: BenchReport, target: TargetName, scenario: ScenarioId, concurrency: number): CellRecord | undefined {
  return report.cells.find((cell) => cell.target === target && cell.scenario === scenario && cell.concurrency === concurrency);
}

/** p50 and p99 in milliseconds: at c=1 from the microsecond probe; above, from autocannon (1 ms resolution). */
export function cellLatencies(cell: CellRecord): { readonly p50: number; readonly p99: number } {
  return cell.probe ? { p50: cell.probe.latencyP50, p99: cell.probe.latencyP99 } : { p50: cell.latencyP50, p99: cell.latencyP99 };
}
