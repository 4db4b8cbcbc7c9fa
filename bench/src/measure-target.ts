import type { BenchOptions } from './bench-options.js';
import { checkRequest } from './measure/check-request.js';
import { measureCell, measureLatencyProbe } from './measure/measure-cell.js';
import { measureOpenStreams } from './measure/measure-open-streams.js';
import { measureSoak } from './measure/measure-soak.js';
import type { BenchReport } from './report/bench-report.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { isSkipped, type RunningTarget } from './targets/bench-target.js';

const OPENAI_STREAM = SCENARIOS.find((scenario) => scenario.id === 'openai-chat-stream')!;
const SOAK_CONNECTIONS = 32;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function measureScenario(target: RunningTarget, scenario: Scenario, options: BenchOptions, report: BenchReport): Promise<void> {
  const request = target.request(scenario);
  const reason = isSkipped(request) ? request.skipped : await checkRequest(request);
  if (reason !== undefined || isSkipped(request)) {
    report.skipped.push({ target: target.name, scenario: scenario.id, reason: reason ?? 'skipped' });
    progress(`  ${scenario.label}: ${reason}`);
    return;
  }
  for (const concurrency of options.concurrencies) {
    const measurement = await measureCell(request, concurrency, target.pid, options);
    const probe = concurrency === 1 ? await measureLatencyProbe(request, options) : undefined;
    report.cells.push({ ...measurement, target: target.name, scenario: scenario.id, concurrency, probe });
    progress(`  ${scenario.label} c=${concurrency}: ${measurement.requestsPerSecond.toFixed(0)} req/s${probe ? `, p50 ${probe.latencyP50.toFixed(3)} ms, ttfb ${probe.firstByteP50.toFixed(3)} ms` : ''}`);
  }
}

/** Every selected scenario and concurrency against one running target. */
export async function measureScenarios(target: RunningTarget, scenarios: readonly Scenario[], options: BenchOptions, report: BenchReport): Promise<void> {
  progress(`${target.name}${target.pid ? ` (pid ${target.pid}, core 0)` : ''}`);
  for (const scenario of scenarios) await measureScenario(target, scenario, options, report);
}

/** On a freshly started target, so earlier load does not count: RSS with open streams, then the soak. */
export async function measureMemory(target: RunningTarget, options: BenchOptions, report: BenchReport): Promise<void> {
  if (target.pid === undefined) return;
  progress(`${target.name}, restarted for the memory figures (pid ${target.pid})`);
  const held = target.request(OPENAI_STREAM, true);
  if (!isSkipped(held)) {
    const streams = await measureOpenStreams(held, options.openStreams, target.pid);
    report.openStreams.push({ ...streams, target: target.name });
    progress(`  ${streams.open} open streams: RSS ${streams.rssOpenMegabytes.toFixed(1)} MB`);
  }
  const soakRequest = target.request(OPENAI_STREAM);
  if (target.name === 'modelgate' && !isSkipped(soakRequest)) {
    progress(`  soak: ${options.soakSeconds} s of OpenAI chat stream at c=${SOAK_CONNECTIONS}`);
    report.soak = await measureSoak(soakRequest, SOAK_CONNECTIONS, options.soakSeconds, target.pid, options.warmupSeconds);
  }
}
