import type { BenchOptions } from '../bench-options.js';
import { median, type LatencyProbeInput, type LatencyProbeResult, type ThroughputInput, type ThroughputResult } from '../load/load-results.js';
import { runPinnedWorker } from '../process/spawn-pinned.js';
import { readCpuMilliseconds, readRssMegabytes } from '../sampling/process-stats.js';
import type { RequestSpec } from '../scenarios.js';
import { LATENCY_PROBE_WORKER, THROUGHPUT_WORKER } from './worker-paths.js';

/** One target × scenario × concurrency: the median of the repetitions. */
export interface CellMeasurement {
  readonly requestsPerSecond: number;
  readonly latencyP50: number;
  readonly latencyP99: number;
  /** CPU time (user + system) of the process under test per completed request, in microseconds. */
  readonly cpuMicrosecondsPerRequest: number | undefined;
  readonly rssMegabytes: number | undefined;
  readonly failed: number;
  readonly repetitions: readonly ThroughputResult[];
}

export function runThroughput(request: RequestSpec, connections: number, durationSeconds: number): Promise<ThroughputResult> {
  const input: ThroughputInput = { request, connections, durationSeconds };
  return runPinnedWorker<ThroughputResult>(THROUGHPUT_WORKER, input);
}

/** Warm-up, then the repetitions, each with the process's CPU time read before and after. */
export async function measureCell(request: RequestSpec, connections: number, pid: number | undefined, options: BenchOptions): Promise<CellMeasurement> {
  await runThroughput(request, connections, options.warmupSeconds);
  const repetitions: ThroughputResult[] = [];
  const cpuPerRequest: number[] = [];
  for (let run = 0; run < options.repetitions; run++) {
    const cpuBefore = pid === undefined ? 0 : readCpuMilliseconds(pid);
    const result = await runThroughput(request, connections, options.durationSeconds);
    if (pid !== undefined && result.completed > 0) cpuPerRequest.push(((readCpuMilliseconds(pid) - cpuBefore) * 1000) / result.completed);
    repetitions.push(result);
  }
  return {
    requestsPerSecond: median(repetitions.map((result) => result.requestsPerSecond)),
    latencyP50: median(repetitions.map((result) => result.latencyP50)),
    latencyP99: median(repetitions.map((result) => result.latencyP99)),
    cpuMicrosecondsPerRequest: cpuPerRequest.length > 0 ? median(cpuPerRequest) : undefined,
    rssMegabytes: pid === undefined ? undefined : readRssMegabytes(pid),
    failed: repetitions.reduce((sum, result) => sum + result.failed, 0),
    repetitions,
  };
}

/** The c=1 figures at microsecond resolution (latency and time to first byte), one per request; several are probed in turn. */
export function measureLatencyProbe(requests: readonly RequestSpec[], options: BenchOptions): Promise<LatencyProbeResult[]> {
  const input: LatencyProbeInput = { requests, rounds: options.probeRequests };
  return runPinnedWorker<LatencyProbeResult[]>(LATENCY_PROBE_WORKER, input);
}
