import { parseBenchOptions, type BenchOptions } from './bench-options.js';
import { estimateRun, type RunEstimate } from './run-estimate.js';
import { selectScenarios, type Scenario } from './scenarios.js';
import type { BenchTarget, TargetName } from './targets/bench-target.js';
import { resolveTargetNames, selectTargets } from './targets/select-targets.js';

/** What a run will measure, from its flags. */
export interface RunPlan {
  readonly options: BenchOptions;
  readonly scenarios: readonly Scenario[];
  readonly targets: readonly BenchTarget[];
  readonly soakTargets: ReadonlySet<TargetName>;
  readonly estimate: RunEstimate;
}

/** The plan, or 'help'; a flag naming what does not exist throws, with the names that do. */
export function planRun(argv: readonly string[]): RunPlan | 'help' {
  const options = parseBenchOptions(argv);
  if (options === 'help') return 'help';
  const scenarios = selectScenarios(options.scenarios);
  const targets = selectTargets(options.targets, options.baseline);
  const names = targets.map((target) => target.name);
  const soakTargets = new Set([...resolveTargetNames(options.soakTargets)].filter((name) => name !== 'direct' && names.includes(name)));
  return { options, scenarios, targets, soakTargets, estimate: estimateRun(names, scenarios, options, soakTargets.size) };
}
