import type { RequestSpec } from '../request-spec.js';
import type { BenchReport } from '../report/bench-report.js';
import type { Scenario, ScenarioId } from '../scenarios.js';
import { isSkipped, type RunningTarget } from '../targets/bench-target.js';
import { checkScenario } from './check-scenario.js';
import { progress } from './progress.js';

/** A target with the request that proved it can run a scenario. */
export interface ScenarioSubject {
  readonly target: RunningTarget;
  readonly request: RequestSpec;
}

/** For each scenario, the targets that can run it (in target order). */
export type CheckedScenarios = ReadonlyMap<ScenarioId, readonly ScenarioSubject[]>;

/** One request of every scenario on every target; those that fail are listed as skipped, with the reason. */
export async function checkAllScenarios(targets: readonly RunningTarget[], scenarios: readonly Scenario[], simulatorUrl: string, report: BenchReport): Promise<CheckedScenarios> {
  const checked = new Map<ScenarioId, ScenarioSubject[]>(scenarios.map((scenario) => [scenario.id, []]));
  for (const target of targets) {
    const skipped: string[] = [];
    for (const scenario of scenarios) {
      const outcome = await checkScenario(target, scenario, simulatorUrl);
      if (isSkipped(outcome)) {
        report.skipped.push({ target: target.name, scenario: scenario.id, reason: outcome.skipped });
        skipped.push(`${scenario.id} (${outcome.skipped})`);
      } else {
        checked.get(scenario.id)!.push({ target, request: outcome });
      }
    }
    progress(`  ${target.name}: ${scenarios.length - skipped.length} of ${scenarios.length} scenarios answer${skipped.length > 0 ? `; ${skipped.join('; ')}` : ''}`);
  }
  return checked;
}
