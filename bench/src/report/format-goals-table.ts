import type { TargetName } from '../targets/bench-target.js';
import type { GoalVerdict } from './evaluate-goals.js';
import { formatTable } from './format-table.js';

function verdictText(verdict: GoalVerdict, target: TargetName): string {
  const result = verdict.results[target];
  return result ? `${result.pass ? 'PASS' : 'FAIL'} ${result.value}` : 'not measured';
}

/** How many of the goals measured for a target it meets. */
function tally(verdicts: readonly GoalVerdict[], target: TargetName): string {
  const results = verdicts.flatMap((verdict) => (verdict.results[target] ? [verdict.results[target]] : []));
  return `${results.filter((result) => result.pass).length} of ${results.length} PASS`;
}

/** One row per goal, one column per gateway (Portkey for reference), and the tally. */
export function formatGoalsTable(verdicts: readonly GoalVerdict[], targets: readonly TargetName[]): string {
  const rows = verdicts.map((verdict) => [verdict.goal, verdict.threshold, ...targets.map((target) => verdictText(verdict, target))]);
  rows.push(['all measured', '', ...targets.map((target) => tally(verdicts, target))]);
  return formatTable(['goal', 'threshold', ...targets], rows);
}
