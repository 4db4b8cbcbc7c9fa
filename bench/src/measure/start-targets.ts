import type { BenchReport } from '../report/bench-report.js';
import type { BenchTarget, RunningTarget, TargetContext } from '../targets/bench-target.js';
import { progress } from './progress.js';

/** Starts one target; one that fails to start is listed as skipped for every scenario, with the reason. */
export async function startTarget(target: BenchTarget, context: TargetContext, report: BenchReport): Promise<RunningTarget | undefined> {
  try {
    return await target.start(context);
  } catch (error) {
    const reason = `skipped: did not start (${(error as Error).message})`;
    report.skipped.push({ target: target.name, scenario: 'all', reason });
    progress(`  ${target.name}: ${reason}`);
    return undefined;
  }
}

/** Starts the targets one after another; those that start, in order. */
export async function startTargets(targets: readonly BenchTarget[], context: TargetContext, report: BenchReport): Promise<RunningTarget[]> {
  const running: RunningTarget[] = [];
  for (const target of targets) {
    const started = await startTarget(target, context, report);
    if (started) running.push(started);
  }
  return running;
}

export async function stopTargets(targets: readonly RunningTarget[]): Promise<void> {
  for (const target of targets) await target.stop();
}
