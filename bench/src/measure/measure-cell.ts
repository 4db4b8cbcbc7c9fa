import type { BenchOptions } from '../bench-options.js';
import { median, type ThroughputResult } from '../load/load-results.js';
import type { RequestSpec } from '../request-spec.js';
import { readTreeCpuMilliseconds, readTreeRssMegabytes } from '../sampling/process-stats.js';
import { runThroughput, type LoadClient } from './run-throughput.js';

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

/** What one cell loads: a request, and the process whose CPU it costs (none when going direct). */
export interface CellSubject {
  readonly pid: number | undefined;
  readonly request: RequestSpec;
  readonly client: LoadClient;
}

interface Repetition {
  readonly result: ThroughputResult;
  readonly cpuMicrosecondsPerRequest: number | undefined;
}

/** One autocannon run, with the process's CPU time read before and after. */
async function runRepetition({ pid, request, client }: CellSubject, connections: number, seconds: number): Promise<Repetition> {
  const cpuBefore = pid === undefined ? undefined : readTreeCpuMilliseconds(pid);
  const result = await runThroughput(request, connections, seconds, client);
  const cpuAfter = pid === undefined ? undefined : readTreeCpuMilliseconds(pid);
  const cpuMicrosecondsPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && result.completed > 0 ? ((cpuAfter - cpuBefore) * 1000) / result.completed : undefined;
  return { result, cpuMicrosecondsPerRequest };
}

function summarize(subject: CellSubject, repetitions: readonly Repetition[]): CellMeasurement {
  const results = repetitions.map((repetition) => repetition.result);
  const cpu = repetitions.flatMap((repetition) => (repetition.cpuMicrosecondsPerRequest === undefined ? [] : [repetition.cpuMicrosecondsPerRequest]));
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    latencyP50: median(results.map((result) => result.latencyP50)),
    latencyP99: median(results.map((result) => result.latencyP99)),
    cpuMicrosecondsPerRequest: cpu.length > 0 ? median(cpu) : undefined,
    rssMegabytes: subject.pid === undefined ? undefined : readTreeRssMegabytes(subject.pid),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    repetitions: results,
  };
}

/**
 * One scenario at one concurrency on several targets: each warmed up, then the repetitions taken
 * in turn across the targets, so a busy spell of the machine hits them alike and the ratios
 * between them hold better than their absolute figures. One measurement per subject, in order.
 */
export async function measureCells(subjects: readonly CellSubject[], connections: number, options: BenchOptions): Promise<CellMeasurement[]> {
  for (const subject of subjects) await runThroughput(subject.request, connections, options.warmupSeconds, subject.client);
  const repetitions: Repetition[][] = subjects.map(() => []);
  for (let run = 0; run < options.repetitions; run++) {
    for (const [index, subject] of subjects.entries()) repetitions[index]!.push(await runRepetition(subject, connections, options.durationSeconds));
  }
  return subjects.map((subject, index) => summarize(subject, repetitions[index]!));
}
