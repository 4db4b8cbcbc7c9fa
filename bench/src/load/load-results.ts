import type { RequestSpec } from '../request-spec.js';

export interface ThroughputInput {
  readonly request: RequestSpec;
  readonly connections: number;
  readonly durationSeconds: number;
}

/** What one autocannon run measured; latencies in milliseconds (autocannon's resolution is 1 ms). */
export interface ThroughputResult {
  readonly requestsPerSecond: number;
  readonly latencyP50: number;
  readonly latencyP99: number;
  /** Answers that arrived, whatever their status. */
  readonly completed: number;
  readonly failed: number;
}

export interface LatencyProbeInput {
  /**
   * Sent in turn, each on its own keep-alive connection, `rounds` times: requests compared with each
   * other (a retried one and its healthy twin) meet the same spells of a busy machine.
   */
  readonly requests: readonly RequestSpec[];
  readonly rounds: number;
}

/** Sequential requests on one keep-alive connection, timed with a microsecond clock: one per probed request. */
export interface LatencyProbeResult {
  readonly latencyP50: number;
  readonly latencyP99: number;
  /** Time to the first body byte: for a stream, its first event. */
  readonly firstByteP50: number;
  readonly firstByteP99: number;
  readonly failed: number;
}

export interface OpenStreamsInput {
  readonly request: RequestSpec;
  readonly count: number;
}

export interface OpenStreamsResult {
  readonly open: number;
  readonly failed: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** A worker's input is its first argument, as JSON. */
export function readWorkerInput<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

export function printWorkerResult(result: object): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}
