import { findScenario, SCENARIOS, twinOf, type Scenario, type ScenarioId } from '../scenarios.js';
import type { TargetName } from '../targets/bench-target.js';
import { findCell, type BenchReport } from './bench-report.js';
import { compareCell, type CellComparison } from './compare-cell.js';
import { soakPoints } from './soak-points.js';

/** A target's figure for one goal, and whether it meets it. */
export interface GoalResult {
  readonly value: string;
  readonly pass: boolean;
}

export type GoalMeasure = (report: BenchReport, target: TargetName) => GoalResult | undefined;

const LOAD_CONCURRENCY = 32;

export function throughputShare(scenario: ScenarioId, minimum: number): GoalMeasure {
  return (report, target) => {
    const cell = findCell(report, target, scenario, LOAD_CONCURRENCY);
    const floor = findCell(report, 'bare proxy', scenario, LOAD_CONCURRENCY);
    if (!cell || !floor) return undefined;
    const share = cell.requestsPerSecond / floor.requestsPerSecond;
    return { value: `${(share * 100).toFixed(0)}% (${cell.requestsPerSecond.toFixed(0)}/${floor.requestsPerSecond.toFixed(0)} req/s)`, pass: share >= minimum };
  };
}

export function cpuRatio(scenario: ScenarioId, maximum: number): GoalMeasure {
  return (report, target) => {
    const cell = findCell(report, target, scenario, LOAD_CONCURRENCY);
    const floor = findCell(report, 'bare proxy', scenario, LOAD_CONCURRENCY);
    if (cell?.cpuMicrosecondsPerRequest === undefined || floor?.cpuMicrosecondsPerRequest === undefined) return undefined;
    const ratio = cell.cpuMicrosecondsPerRequest / floor.cpuMicrosecondsPerRequest;
    return { value: `${ratio.toFixed(2)}× (${cell.cpuMicrosecondsPerRequest.toFixed(0)}/${floor.cpuMicrosecondsPerRequest.toFixed(0)} µs)`, pass: ratio <= maximum };
  };
}

/** The worst of a c=1 figure over the bare proxy across scenarios, naming the scenario, so a slow path cannot hide behind a fast one. */
function worstAddedAtC1(scenarios: readonly Scenario[], added: (comparison: CellComparison) => number | undefined, maximum: number): GoalMeasure {
  return (report, target) => {
    let worst: { added: number; label: string } | undefined;
    for (const scenario of scenarios) {
      const cell = findCell(report, target, scenario.id, 1);
      const value = cell && added(compareCell(report, cell));
      if (value !== undefined && (!worst || value > worst.added)) worst = { added: value, label: scenario.label };
    }
    return worst && { value: `+${worst.added.toFixed(3)} ms (${worst.label})`, pass: worst.added <= maximum };
  };
}

export const NON_STREAM_SCENARIOS = SCENARIOS.filter((scenario) => !scenario.stream && !twinOf(scenario));
export const STREAM_SCENARIOS = SCENARIOS.filter((scenario) => scenario.stream);

export const addedLatency = (maximum: number) => worstAddedAtC1(NON_STREAM_SCENARIOS, (comparison) => comparison.addedP50OverBare, maximum);
export const addedFirstByte = (maximum: number) => worstAddedAtC1(STREAM_SCENARIOS, (comparison) => comparison.addedFirstByteOverBare, maximum);

/** The stricter idle figure (after one request of each scenario) is judged; both are shown. */
export function idleRss(maximum: number): GoalMeasure {
  return (report, target) => {
    const idle = report.idleMemory.find((entry) => entry.target === target);
    if (!idle) return undefined;
    return { value: `${idle.rssAfterRequestsMegabytes.toFixed(0)} MB (${idle.rssAtStartMegabytes.toFixed(0)} at start)`, pass: idle.rssAfterRequestsMegabytes <= maximum };
  };
}

export function openStreamsRss(maximum: number): GoalMeasure {
  return (report, target) => {
    const entry = report.openStreams.find((candidate) => candidate.target === target);
    if (!entry) return undefined;
    const failed = entry.failed > 0 ? `, ${entry.failed} failed` : '';
    return { value: `${entry.rssOpenMegabytes.toFixed(0)} MB (${entry.open} open${failed})`, pass: entry.rssOpenMegabytes <= maximum && entry.failed === 0 };
  };
}

/**
 * A heap grows to its working size early in a soak; a leak keeps growing. So the verdict compares
 * the middle of the soak with its end, and the value shows start, middle and end.
 */
export function soakFlat(maximumGrowth: number): GoalMeasure {
  return (report, target) => {
    const soak = report.soaks.find((candidate) => candidate.target === target);
    if (!soak) return undefined;
    const { start, middle, end } = soakPoints(soak);
    return { value: `${start.toFixed(0)} → ${middle.toFixed(0)} → ${end.toFixed(0)} MB`, pass: end <= middle * (1 + maximumGrowth) };
  };
}

const BASELINE_TWIN: Partial<Record<TargetName, TargetName>> = { 'modelgate got': 'baseline got', 'modelgate undici': 'baseline undici' };

/** Against the baseline checkout on the same transport, every scenario both measured at c=32; the worst cells named. */
export function noRegression(minimumShare: number, maximumCpu: number): GoalMeasure {
  return (report, target) => {
    const twin = BASELINE_TWIN[target];
    if (!twin) return undefined;
    let worstShare: { value: number; id: ScenarioId } | undefined;
    let worstCpu: { value: number; id: ScenarioId } | undefined;
    for (const scenario of SCENARIOS) {
      const cell = findCell(report, target, scenario.id, LOAD_CONCURRENCY);
      const before = findCell(report, twin, scenario.id, LOAD_CONCURRENCY);
      if (!cell || !before) continue;
      const share = cell.requestsPerSecond / before.requestsPerSecond;
      if (!worstShare || share < worstShare.value) worstShare = { value: share, id: scenario.id };
      if (cell.cpuMicrosecondsPerRequest !== undefined && before.cpuMicrosecondsPerRequest !== undefined) {
        const cpu = cell.cpuMicrosecondsPerRequest / before.cpuMicrosecondsPerRequest;
        if (!worstCpu || cpu > worstCpu.value) worstCpu = { value: cpu, id: scenario.id };
      }
    }
    if (!worstShare) return undefined;
    const cpuText = worstCpu ? `, CPU/req ${(worstCpu.value * 100).toFixed(0)}% (${findScenario(worstCpu.id).label})` : '';
    return {
      value: `worst req/s ${(worstShare.value * 100).toFixed(0)}% (${findScenario(worstShare.id).label})${cpuText}`,
      pass: worstShare.value >= minimumShare && (worstCpu?.value ?? 0) <= maximumCpu,
    };
  };
}
