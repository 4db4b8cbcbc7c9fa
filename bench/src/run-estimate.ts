import type { BenchOptions } from './bench-options.js';
import { scenarioConcurrencies, type Scenario } from './scenarios.js';
import type { TargetName } from './targets/bench-target.js';

// Rough costs on this 2-core machine, for the estimate printed at start.
/** A load worker's start and exit around its run (node + autocannon: 0.22 s measured). */
const WORKER_SECONDS = 0.25;
/** A target's start, to its first answer. */
const START_SECONDS = 2;
/** One c=1 probe request through a proxy, by kind of scenario; Portkey's streams wait ~30 ms each on Node. */
const PROBE_MILLISECONDS = { short: 1.5, portkeyStream: 30, long: 15 };
/** Opening, holding and releasing the open streams on a restarted target. */
const OPEN_STREAMS_SECONDS = 6;

export interface RunEstimate {
  readonly cells: number;
  readonly probes: number;
  readonly setup: number;
  readonly memory: number;
  readonly soaks: number;
  readonly total: number;
}

function canRun(target: TargetName, scenario: Scenario): boolean {
  return !scenario.retryOf || target.startsWith('modelgate') || target.startsWith('baseline');
}

function probeMilliseconds(target: TargetName, scenario: Scenario): number {
  if (scenario.chunks) return PROBE_MILLISECONDS.long;
  return target === 'portkey' && scenario.stream ? PROBE_MILLISECONDS.portkeyStream : PROBE_MILLISECONDS.short;
}

/** Seconds each part of the run should take, from the plan and the options. */
export function estimateRun(targets: readonly TargetName[], scenarios: readonly Scenario[], options: BenchOptions, soakCount: number): RunEstimate {
  const perRun = options.durationSeconds + WORKER_SECONDS;
  const perCell = options.warmupSeconds + WORKER_SECONDS + options.repetitions * perRun;
  let cells = 0;
  let probes = 0;
  for (const scenario of scenarios) {
    const able = targets.filter((target) => canRun(target, scenario));
    const concurrencies = scenarioConcurrencies(scenario, options.concurrencies);
    cells += able.length * concurrencies.length * perCell;
    if (concurrencies.includes(1)) {
      const rounds = scenario.chunks ? options.longStreamProbeRounds : options.probeRounds;
      probes += WORKER_SECONDS + (rounds * able.reduce((sum, target) => sum + probeMilliseconds(target, scenario), 0)) / 1000;
    }
  }
  const proxies = targets.filter((target) => target !== 'direct').length;
  const setup = proxies * START_SECONDS + 4;
  const memory = proxies * (START_SECONDS + OPEN_STREAMS_SECONDS);
  const soaks = soakCount * (options.soakSeconds + options.warmupSeconds + 10 * WORKER_SECONDS);
  return { cells, probes, setup, memory, soaks, total: cells + probes + setup + memory + soaks };
}

function minutes(seconds: number): string {
  return `${Math.max(1, Math.round(seconds / 60))} min`;
}

export function formatEstimate(estimate: RunEstimate): string {
  const soak = estimate.soaks > 0 ? `, soak ${minutes(estimate.soaks)}` : '';
  return `estimated run time ~${minutes(estimate.total)} (cells ${minutes(estimate.cells)}, c=1 probes ${minutes(estimate.probes)}, starts and checks ${minutes(estimate.setup)}, open streams ${minutes(estimate.memory)}${soak})`;
}
