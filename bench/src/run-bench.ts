import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { USAGE } from './bench-options.js';
import { describeCoreLayout, readFirstJsonLine, spawnPinnedNode, useCoreLayout } from './process/spawn-pinned.js';
import type { BenchReport } from './report/bench-report.js';
import { evaluateGoals, judgedTargets } from './report/evaluate-goals.js';
import { formatGoalsTable } from './report/format-goals-table.js';
import { formatMemoryTable } from './report/format-memory-table.js';
import { formatFailures, formatSkipped } from './report/format-skipped-and-failures.js';
import { formatResultsTable } from './report/format-results-table.js';
import { formatTwinCosts, twinCosts } from './report/twin-costs.js';
import { formatEstimate } from './run-estimate.js';
import { runMeasurements } from './run-measurements.js';
import { planRun, type RunPlan } from './run-plan.js';

const SIMULATOR_ENTRY = fileURLToPath(new URL('./simulator/run-simulator.js', import.meta.url));
const RESULTS_DIRECTORY = fileURLToPath(new URL('../results/', import.meta.url));

let plan: RunPlan | 'help';
try {
  plan = planRun(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n(pnpm bench -- --help lists the flags)\n`);
  process.exit(2);
}
if (plan === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const { options, scenarios, targets, soakTargets, estimate } = plan;
const targetNames = targets.map((target) => target.name);

useCoreLayout(options.cores);
const pinning = `${describeCoreLayout(options.cores)}${options.workers === 1 ? '' : `; Modelgate with server.workers ${options.workers} (CPU and RSS over its process tree)`}`;
const loadAverage = loadavg()[0]!.toFixed(1);
process.stdout.write(
  `Modelgate bench: ${availableParallelism()} cores, node ${process.version}, load average ${loadAverage} at start; ${pinning}; gateway logging '${options.logLevel}'\n` +
    `targets: ${targetNames.join(', ')}${options.baseline ? ` (baseline: ${options.baseline})` : ''}\n` +
    `scenarios: ${scenarios.map((scenario) => scenario.id).join(', ')}; c=${options.concurrencies.join(',')}; ${options.repetitions} × ${options.durationSeconds} s per cell after ${options.warmupSeconds} s of warm-up\n` +
    `soak: ${soakTargets.size > 0 ? `${[...soakTargets].join(', ')}, ${options.soakSeconds} s each` : 'none'}\n` +
    `${formatEstimate(estimate)}\n`,
);

const simulator = spawnPinnedNode('simulator', [SIMULATOR_ENTRY], { stdout: 'pipe' });
const { port } = await readFirstJsonLine<{ port: number }>(simulator.child);
const simulatorUrl = `http://127.0.0.1:${port}`;

const started = Date.now();
const report: BenchReport = {
  startedAt: new Date(started).toISOString(),
  machine: { cpus: availableParallelism(), node: process.version, loadAverageAtStart: Number(loadAverage), pinning, gatewayLogLevel: options.logLevel },
  options,
  estimatedSeconds: Math.round(estimate.total),
  targets: targetNames,
  cells: [],
  skipped: [],
  failures: [],
  idleMemory: [],
  openStreams: [],
  soaks: [],
};
try {
  await runMeasurements(targets, scenarios, soakTargets, { simulatorUrl, options }, report);
} finally {
  await simulator.stop();
}

const goals = evaluateGoals(report);
const elapsedMinutes = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(
  [
    '',
    formatResultsTable(report),
    '',
    formatMemoryTable(report),
    ...formatFailures(report),
    ...formatSkipped(report),
    ...formatTwinCosts(twinCosts(report)),
    '',
    `Goals (issue 16; ${pinning}; load average ${loadavg()[0]!.toFixed(1)} at the end; Portkey for reference):`,
    formatGoalsTable(goals, judgedTargets(report)),
    '',
    `Ran ${elapsedMinutes} min (estimated ${Math.round(estimate.total / 60)}).`,
  ].join('\n') + '\n',
);
mkdirSync(RESULTS_DIRECTORY, { recursive: true });
const resultsPath = `${RESULTS_DIRECTORY}${report.startedAt.replace(/[:.]/g, '-')}.json`;
writeFileSync(resultsPath, `${JSON.stringify({ ...report, goals, twinCosts: twinCosts(report) }, null, 2)}\n`);
process.stdout.write(`Written to ${resultsPath}\n`);
