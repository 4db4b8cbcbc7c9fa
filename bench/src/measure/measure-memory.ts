import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchOptions } from '../bench-options.js';
import type { BenchReport } from '../report/bench-report.js';
import { findScenario } from '../scenarios.js';
import { isSkipped, type BenchTarget, type TargetContext } from '../targets/bench-target.js';
import { measureOpenStreams } from './measure-open-streams.js';
import { measureSoak } from './measure-soak.js';
import { progress } from './progress.js';
import { startTarget } from './start-targets.js';

const SOAK_CONNECTIONS = 32;

/** Long enough for a process that fails when its clients leave to have exited. */
const AFTER_RELEASE_MS = 500;

/**
 * On a freshly started target, so earlier load does not count: RSS with open streams (OpenAI chat
 * streams the simulator holds), then, when asked for, the soak (OpenAI chat stream at c=32).
 */
export async function measureMemory(target: BenchTarget, soak: boolean, context: TargetContext, report: BenchReport): Promise<void> {
  const running = await startTarget(target, context, report);
  if (!running?.pid) {
    await running?.stop();
    return;
  }
  const options: BenchOptions = context.options;
  const stream = findScenario('openai-chat-stream');
  try {
    progress(`${target.name}, restarted for the memory figures (pid ${running.pid})`);
    const held = running.request(stream, true);
    if (!isSkipped(held)) {
      const streams = await measureOpenStreams(held, options.openStreams, running.pid);
      report.openStreams.push({ ...streams, target: target.name });
      progress(`  ${streams.open} open streams (${streams.failed} failed): RSS ${streams.rssBeforeMegabytes.toFixed(1)} → ${streams.rssOpenMegabytes.toFixed(1)} MB`);
      await sleep(AFTER_RELEASE_MS);
      if (!running.isRunning()) throw new Error(`its process exited when the clients closed the ${streams.open} open streams`);
    }
    const soakRequest = running.request(stream);
    if (soak && !isSkipped(soakRequest)) {
      progress(`  soak: ${options.soakSeconds} s of OpenAI chat stream at c=${SOAK_CONNECTIONS}`);
      const measurement = await measureSoak(soakRequest, SOAK_CONNECTIONS, options.soakSeconds, running.pid, options.warmupSeconds);
      report.soaks.push({ ...measurement, target: target.name });
      progress(`  soak: RSS ${measurement.rssSamplesMegabytes.map((value) => value.toFixed(0)).join(' ')} MB`);
    }
  } catch (error) {
    report.failures.push({ target: target.name, during: 'the memory figures (open streams, soak)', message: (error as Error).message });
    progress(`  ${(error as Error).message}`);
  } finally {
    await running.stop();
  }
}
