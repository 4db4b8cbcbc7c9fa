import { setTimeout as sleep } from 'node:timers/promises';
import { checkAllScenarios } from './measure/check-all-scenarios.js';
import { measureMemory } from './measure/measure-memory.js';
import { measureScenario } from './measure/measure-scenario.js';
import { progress } from './measure/progress.js';
import { startTargets, stopTargets } from './measure/start-targets.js';
import type { BenchReport } from './report/bench-report.js';
import { readTreeRssMegabytes } from './sampling/process-stats.js';
import type { Scenario } from './scenarios.js';
import type { BenchTarget, RunningTarget, TargetContext, TargetName } from './targets/bench-target.js';

/** Idle means: nothing sent for this long (start-up or the last request's garbage settled). */
const IDLE_PAUSE_MS = 2_000;

function readRss(targets: readonly RunningTarget[]): Map<TargetName, number> {
  return new Map(
    targets.flatMap((target) => {
      const rss = target.pid === undefined ? undefined : readTreeRssMegabytes(target.pid);
      return rss === undefined ? [] : [[target.name, rss] as const];
    }),
  );
}

/**
 * All targets run side by side (the proxies pinned to one core, each idle while another is
 * measured): idle RSS at start, one checked request of every scenario, idle RSS again, then each
 * scenario's cells with the targets taking turns. Then each proxy is restarted for the memory
 * figures (open streams, and the soak for those in `soakTargets`).
 */
export async function runMeasurements(targets: readonly BenchTarget[], scenarios: readonly Scenario[], soakTargets: ReadonlySet<TargetName>, context: TargetContext, report: BenchReport): Promise<void> {
  progress(`Starting ${targets.map((target) => target.name).join(', ')}`);
  const running = await startTargets(targets, context, report);
  try {
    await sleep(IDLE_PAUSE_MS);
    const atStart = readRss(running);
    progress('Checking each scenario with one request per target');
    const checked = await checkAllScenarios(running, scenarios, context.simulatorUrl, report);
    await sleep(IDLE_PAUSE_MS);
    const afterRequests = readRss(running);
    for (const [target, rssAtStartMegabytes] of atStart) {
      report.idleMemory.push({ target, rssAtStartMegabytes, rssAfterRequestsMegabytes: afterRequests.get(target) ?? Number.NaN });
    }
    for (const scenario of scenarios) await measureScenario(scenario, checked, context.options, report);
  } finally {
    await stopTargets(running);
  }
  const started = new Set(running.map((target) => target.name));
  for (const target of targets) {
    if (target.name !== 'direct' && started.has(target.name)) await measureMemory(target, soakTargets.has(target.name), context, report);
  }
}
