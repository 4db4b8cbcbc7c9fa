import { GATEWAY_TARGETS, type TargetName } from '../targets/bench-target.js';
import type { BenchReport } from './bench-report.js';
import {
  addedFirstByte, addedLatency, cpuRatio, idleRss, noRegression, openStreamsRss, soakFlat, throughputShare,
  type GoalMeasure, type GoalResult,
} from './goal-measures.js';

/** One of the targets, judged for each gateway. */
export interface GoalVerdict {
  readonly goal: string;
  readonly threshold: string;
  /** Per gateway: the measured value (text) and whether it meets the goal; absent when not measured. */
  readonly results: Partial<Record<TargetName, GoalResult>>;
}

const GOALS: readonly { goal: string; threshold: string; measure: GoalMeasure }[] = [
  { goal: 'translated throughput, chat → Anthropic c=32', threshold: '≥ 50% of bare proxy', measure: throughputShare('anthropic-chat', 0.5) },
  { goal: 'translated throughput, chat → Gemini c=32', threshold: '≥ 50% of bare proxy', measure: throughputShare('gemini-chat', 0.5) },
  { goal: 'CPU per request, chat → Anthropic c=32', threshold: '≤ 2× bare proxy', measure: cpuRatio('anthropic-chat', 2) },
  { goal: 'CPU per request, chat → Gemini c=32', threshold: '≤ 2× bare proxy', measure: cpuRatio('gemini-chat', 2) },
  { goal: 'added latency p50, c=1 (worst non-stream)', threshold: '≤ 0.3 ms over bare proxy', measure: addedLatency(0.3) },
  { goal: 'stream first byte, c=1 (worst stream)', threshold: '≤ 0.5 ms over bare proxy', measure: addedFirstByte(0.5) },
  { goal: 'idle RSS (after one request of each)', threshold: '≤ 80 MB', measure: idleRss(80) },
  { goal: 'RSS with 1,000 open streams', threshold: '≤ 150 MB', measure: openStreamsRss(150) },
  { goal: 'soak RSS flat (start → middle → end)', threshold: 'end ≤ middle + 5%', measure: soakFlat(0.05) },
  { goal: 'no regression vs baseline, same transport, c=32', threshold: 'req/s ≥ 95%, CPU/req ≤ 105%', measure: noRegression(0.95, 1.05) },
];

/** The gateways measured in this run, in report order. */
export function judgedTargets(report: BenchReport): TargetName[] {
  return GATEWAY_TARGETS.filter((target) => report.targets.includes(target));
}

export function evaluateGoals(report: BenchReport): GoalVerdict[] {
  const targets = judgedTargets(report);
  return GOALS.map(({ goal, threshold, measure }) => ({
    goal,
    threshold,
    results: Object.fromEntries(targets.flatMap((target) => {
      const result = measure(report, target);
      return result ? [[target, result]] : [];
    })),
  }));
}
