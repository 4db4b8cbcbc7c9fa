import { SCENARIOS } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';
import { findCell, type BenchReport } from './bench-report.js';
import { formatTable } from './format-table.js';

const GATEWAYS: readonly TargetName[] = ['modelgate', 'portkey'];

/** One of the targets, judged for each gateway. */
export interface GoalVerdict {
  readonly goal: string;
  readonly threshold: string;
  /** Per gateway: the measured value (text) and whether it meets the goal; undefined when not measured. */
  readonly results: Partial<Record<TargetName, { readonly value: string; readonly pass: boolean }>>;
  readonly note: string;
}

type Measure = (report: BenchReport, target: TargetName) => { value: string; pass: boolean } | undefined;

function translatedThroughput(report: BenchReport, target: TargetName) {
  const floor = findCell(report, 'bare proxy', 'anthropic-chat', 32);
  const cell = findCell(report, target, 'anthropic-chat', 32);
  if (!floor || !cell) return undefined;
  const share = cell.requestsPerSecond / floor.requestsPerSecond;
  return { value: `${(share * 100).toFixed(0)}% (${cell.requestsPerSecond.toFixed(0)}/${floor.requestsPerSecond.toFixed(0)})`, pass: share >= 0.5 };
}

function addedLatency(report: BenchReport, target: TargetName) {
  const direct = findCell(report, 'direct', 'openai-chat', 1)?.probe;
  const probe = findCell(report, target, 'openai-chat', 1)?.probe;
  if (!direct || !probe) return undefined;
  const added = probe.latencyP50 - direct.latencyP50;
  return { value: `${added.toFixed(3)} ms`, pass: added <= 0.5 };
}

/** The worst stream scenario measured, so a slow translation cannot hide behind a fast pass-through. */
function addedFirstByte(report: BenchReport, target: TargetName) {
  let worst: { added: number; label: string } | undefined;
  for (const scenario of SCENARIOS.filter((candidate) => candidate.stream)) {
    const direct = findCell(report, 'direct', scenario.id, 1)?.probe;
    const probe = findCell(report, target, scenario.id, 1)?.probe;
    if (!direct || !probe) continue;
    const added = probe.firstByteP50 - direct.firstByteP50;
    if (!worst || added > worst.added) worst = { added, label: scenario.label };
  }
  return worst && { value: `${worst.added.toFixed(3)} ms (${worst.label})`, pass: worst.added <= 1 };
}

function openStreamsMemory(report: BenchReport, target: TargetName) {
  const entry = report.openStreams.find((candidate) => candidate.target === target);
  if (!entry) return undefined;
  return { value: `${entry.rssOpenMegabytes.toFixed(0)} MB (${entry.open} open)`, pass: entry.rssOpenMegabytes <= 200 && entry.failed === 0 };
}

/**
 * A heap grows to its working size early in a soak; a leak keeps growing. So the verdict compares
 * the middle of the soak with its end (growth ≤ 5%), and the value shows start, middle and end.
 */
function soakGrowth(report: BenchReport, target: TargetName) {
  if (target !== 'modelgate' || !report.soak) return undefined;
  const { rssBeforeMegabytes: before, rssSamplesMegabytes: samples } = report.soak;
  const middle = samples[Math.floor((samples.length - 1) / 2)] ?? before;
  const end = samples.at(-1) ?? before;
  return { value: `${before.toFixed(0)} → ${middle.toFixed(0)} → ${end.toFixed(0)} MB`, pass: end <= middle * 1.05 };
}

const GOALS: readonly { goal: string; threshold: string; note: string; measure: Measure }[] = [
  { goal: 'translated chat throughput, c=32', threshold: '≥ 50% of bare proxy', note: 'chat → Anthropic, non-stream', measure: translatedThroughput },
  { goal: 'added latency p50, c=1', threshold: '≤ 0.5 ms', note: 'OpenAI chat, over direct', measure: addedLatency },
  { goal: 'stream time to first byte added', threshold: '≤ 1 ms', note: 'worst stream scenario, c=1', measure: addedFirstByte },
  { goal: 'RSS with open streams', threshold: '≤ 200 MB', note: 'streams held by the simulator', measure: openStreamsMemory },
  { goal: 'RSS growth across soak', threshold: '≤ 5%, 2nd half', note: 'start → middle → end; Modelgate only', measure: soakGrowth },
];

export function evaluateGoals(report: BenchReport): GoalVerdict[] {
  return GOALS.map(({ goal, threshold, note, measure }) => ({
    goal,
    threshold,
    note,
    results: Object.fromEntries(GATEWAYS.flatMap((target) => {
      const result = measure(report, target);
      return result ? [[target, result]] : [];
    })),
  }));
}

export function formatGoalsTable(verdicts: readonly GoalVerdict[]): string {
  const cell = (verdict: GoalVerdict, target: TargetName) => {
    const result = verdict.results[target];
    return result ? `${result.pass ? 'PASS' : 'FAIL'} ${result.value}` : 'not measured';
  };
  return formatTable(
    ['target', 'threshold', 'modelgate', 'portkey', 'measured on'],
    verdicts.map((verdict) => [verdict.goal, verdict.threshold, cell(verdict, 'modelgate'), cell(verdict, 'portkey'), verdict.note]),
  );
}
