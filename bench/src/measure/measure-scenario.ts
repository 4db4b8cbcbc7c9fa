import type { BenchOptions } from '../bench-options.js';
import type { LatencyProbeResult } from '../load/load-results.js';
import type { BenchReport } from '../report/bench-report.js';
import { scenarioConcurrencies, twinOf, type Scenario } from '../scenarios.js';
import type { CheckedScenarios, ScenarioSubject } from './check-all-scenarios.js';
import { requireExpectedAnswer } from './check-request.js';
import { measureCells } from './measure-cell.js';
import { measureLatencyProbe } from './measure-latency-probe.js';
import { progress } from './progress.js';

interface SubjectProbes {
  readonly probe: LatencyProbeResult;
  /** A retry measurement's healthy twin on the same target, probed in turn with it. */
  readonly twin?: LatencyProbeResult;
}

/** The c=1 probe of every subject (and each retried request's healthy twin) in turn, by one client. */
async function probeSubjects(subjects: readonly ScenarioSubject[], twins: readonly ScenarioSubject[], rounds: number): Promise<SubjectProbes[]> {
  const requests = subjects.flatMap(({ target, request }) => {
    const twin = twins.find((candidate) => candidate.target === target);
    return twin ? [request, twin.request] : [request];
  });
  const results = await measureLatencyProbe(requests, rounds);
  let next = 0;
  return subjects.map(({ target }) => {
    const probe = results[next++]!;
    return twins.some((candidate) => candidate.target === target) ? { probe, twin: results[next++]! } : { probe };
  });
}

function describe(subject: ScenarioSubject, requestsPerSecond: number, probes: SubjectProbes | undefined): string {
  const probe = probes ? `, p50 ${probes.probe.latencyP50.toFixed(3)} ms, ttfb ${probes.probe.firstByteP50.toFixed(3)} ms` : '';
  return `${subject.target.name} ${requestsPerSecond.toFixed(0)} req/s${probe}`;
}

/** The subjects whose process still runs; one that has exited is recorded as a failure (once, where it was first seen). */
function runningSubjects(subjects: readonly ScenarioSubject[], during: string, report: BenchReport): ScenarioSubject[] {
  return subjects.filter(({ target }) => {
    if (target.isRunning()) return true;
    if (!report.failures.some((failure) => failure.target === target.name)) report.failures.push({ target: target.name, during, message: 'its process exited' });
    return false;
  });
}

/** One concurrency of a scenario: the cells in turn across the subjects, then at c=1 the probe. */
async function measureConcurrency(scenario: Scenario, subjects: readonly ScenarioSubject[], twins: readonly ScenarioSubject[], concurrency: number, options: BenchOptions, report: BenchReport): Promise<void> {
  const client = scenario.chunks ? 'node-http' : 'autocannon';
  const measurements = await measureCells(subjects.map(({ target, request }) => ({ pid: target.pid, request, client })), concurrency, options);
  const probes = concurrency === 1 ? await probeSubjects(subjects, twins, scenario.chunks ? options.longStreamProbeRounds : options.probeRounds) : undefined;
  subjects.forEach(({ target }, index) => {
    const subjectProbes = probes?.[index];
    report.cells.push({ ...measurements[index]!, target: target.name, scenario: scenario.id, concurrency, probe: subjectProbes?.probe, ...(subjectProbes?.twin && { twinProbe: subjectProbes.twin }) });
  });
  progress(`  ${scenario.label} c=${concurrency}: ${subjects.map((subject, index) => describe(subject, measurements[index]!.requestsPerSecond, probes?.[index])).join('; ')}`);
}

/** Every concurrency of one scenario on the targets that can run it, measured in turn (see measureCells). */
export async function measureScenario(scenario: Scenario, checked: CheckedScenarios, options: BenchOptions, report: BenchReport): Promise<void> {
  const twin = twinOf(scenario);
  const twins = (twin && checked.get(twin)) || [];
  for (const concurrency of scenarioConcurrencies(scenario, options.concurrencies)) {
    const during = `${scenario.label} c=${concurrency}`;
    const subjects = runningSubjects(checked.get(scenario.id) ?? [], during, report);
    if (subjects.length === 0) continue;
    try {
      await measureConcurrency(scenario, subjects, twins, concurrency, options, report);
    } catch (error) {
      for (const { target } of subjects) report.failures.push({ target: target.name, during, message: (error as Error).message });
      progress(`  ${during}: ${(error as Error).message}`);
    }
    runningSubjects(subjects, during, report);
  }
  // Once more after the load: a change of behaviour under load (a deployment cooling down) would otherwise go unseen.
  for (const { target, request } of runningSubjects(checked.get(scenario.id) ?? [], `${scenario.label}, after the load`, report)) {
    if (request.expectedHeaders) await requireExpectedAnswer(request, `${target.name} / ${scenario.label}, after the load`);
  }
}
