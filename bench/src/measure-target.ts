import type { BenchOptions } from './bench-options.js';
import { checkRequest, requireExpectedAnswer } from './measure/check-request.js';
import { measureCell, measureLatencyProbe } from './measure/measure-cell.js';
import { measureOpenStreams } from './measure/measure-open-streams.js';
import { measureSoak } from './measure/measure-soak.js';
import type { BenchReport } from './report/bench-report.js';
import { findScenario, SCENARIOS, type RequestSpec, type Scenario } from './scenarios.js';
import { isSkipped, type RunningTarget, type Skipped } from './targets/bench-target.js';

const OPENAI_STREAM = SCENARIOS.find((scenario) => scenario.id === 'openai-chat-stream')!;
const SOAK_CONNECTIONS = 32;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Why a scenario cannot be measured on a target, or undefined; a request that must prove itself stops the run instead. */
async function whyNotMeasurable(request: RequestSpec | Skipped, what: string): Promise<string | undefined> {
  if (isSkipped(request)) return request.skipped;
  if (request.expectedHeaders) {
    await requireExpectedAnswer(request, what);
    progress(`  ${what}: a sample answer has ${Object.entries(request.expectedHeaders).map(([name, value]) => `${name}: ${value}`).join(', ')}`);
    return undefined;
  }
  const problem = await checkRequest(request);
  return problem && `skipped: ${problem}`;
}

/** What the c=1 probe sends: the scenario's request and, for a retry measurement, its healthy twin in turn with it. */
function probedRequests(target: RunningTarget, scenario: Scenario, request: RequestSpec): RequestSpec[] {
  const twin = scenario.retryOf && target.request(findScenario(scenario.retryOf));
  return twin && !isSkipped(twin) ? [request, twin] : [request];
}

async function measureScenario(target: RunningTarget, scenario: Scenario, options: BenchOptions, report: BenchReport): Promise<void> {
  const request = target.request(scenario);
  const what = `${target.name} / ${scenario.label}`;
  const reason = await whyNotMeasurable(request, what);
  if (reason !== undefined || isSkipped(request)) {
    report.skipped.push({ target: target.name, scenario: scenario.id, reason: reason ?? 'skipped' });
    progress(`  ${scenario.label}: ${reason}`);
    return;
  }
  for (const concurrency of options.concurrencies) {
    const measurement = await measureCell(request, concurrency, target.pid, options);
    const [probe, twinProbe] = concurrency === 1 ? await measureLatencyProbe(probedRequests(target, scenario, request), options) : [];
    report.cells.push({ ...measurement, target: target.name, scenario: scenario.id, concurrency, probe, ...(twinProbe && { twinProbe }) });
    progress(`  ${scenario.label} c=${concurrency}: ${measurement.requestsPerSecond.toFixed(0)} req/s${probe ? `, p50 ${probe.latencyP50.toFixed(3)} ms, ttfb ${probe.firstByteP50.toFixed(3)} ms` : ''}`);
  }
  // Once more after the load: a change of behaviour under load (a deployment cooling down) would otherwise go unseen.
  if (request.expectedHeaders) await requireExpectedAnswer(request, `${what}, after the load`);
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
