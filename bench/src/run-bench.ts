import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseBenchOptions, USAGE } from './bench-options.js';
import { measureMemory, measureScenarios } from './measure-target.js';
import { LOAD_CORE, PROXY_CORE, readFirstJsonLine, spawnPinnedNode } from './process/spawn-pinned.js';
import type { BenchReport } from './report/bench-report.js';
import { evaluateGoals, formatGoalsTable } from './report/evaluate-goals.js';
import { formatResultsTable } from './report/format-results-table.js';
import { retryCosts } from './report/retry-cost.js';
import { selectScenarios } from './scenarios.js';
import { bareProxyTarget } from './targets/bare-proxy-target.js';
import type { BenchTarget, RunningTarget } from './targets/bench-target.js';
import { detectAnthropicPlugin } from './targets/detect-anthropic-plugin.js';
import { directTarget } from './targets/direct-target.js';
import { modelgateTarget } from './targets/modelgate-target.js';
import { portkeyTarget } from './targets/portkey-target.js';

const SIMULATOR_ENTRY = fileURLToPath(new URL('./simulator/run-simulator.js', import.meta.url));
const RESULTS_DIRECTORY = fileURLToPath(new URL('../results/', import.meta.url));
const ALL_TARGETS: readonly BenchTarget[] = [directTarget, bareProxyTarget, modelgateTarget, portkeyTarget];

const options = parseBenchOptions(process.argv.slice(2));
if (options === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const pinning = `proxy under test pinned to core ${PROXY_CORE}; load generator and simulator pinned to core ${LOAD_CORE} (taskset)`;
const loadAverage = loadavg()[0]!.toFixed(1);
process.stdout.write(`Modelgate bench: ${availableParallelism()} cores, node ${process.version}, load average ${loadAverage} at start; ${pinning}; gateway logging '${options.logLevel}'\n`);

const anthropic = await detectAnthropicPlugin();
const simulator = spawnPinnedNode(LOAD_CORE, [SIMULATOR_ENTRY], { stdout: 'pipe' });
const { port } = await readFirstJsonLine<{ port: number }>(simulator.child);
const simulatorUrl = `http://127.0.0.1:${port}`;

const report: BenchReport = {
  startedAt: new Date().toISOString(),
  machine: { cpus: availableParallelism(), node: process.version, loadAverageAtStart: Number(loadAverage), pinning, gatewayLogLevel: options.logLevel },
  options,
  cells: [],
  skipped: [],
  openStreams: [],
  soak: undefined,
};
const scenarios = selectScenarios(options.scenarios);
const targets = ALL_TARGETS.filter((target) => target.name === 'direct' || !options.targets || options.targets.includes(target.name));
async function withRunningTarget(target: BenchTarget, measure: (running: RunningTarget) => Promise<void>): Promise<void> {
  const running = await target.start(context);
  try {
    await measure(running);
  } finally {
    await running.stop();
  }
}

const context = { simulatorUrl, options, anthropicPluginPath: 'path' in anthropic ? anthropic.path : undefined };
try {
  for (const target of targets) {
    await withRunningTarget(target, (running) => measureScenarios(running, scenarios, options, report));
    if (target.name !== 'direct') await withRunningTarget(target, (running) => measureMemory(running, options, report));
  }
} finally {
  await simulator.stop();
}

process.stdout.write(`\n${formatResultsTable(report)}\n\nTargets (${pinning}):\n${formatGoalsTable(evaluateGoals(report))}\n`);
mkdirSync(RESULTS_DIRECTORY, { recursive: true });
const resultsPath = `${RESULTS_DIRECTORY}${report.startedAt.replace(/[:.]/g, '-')}.json`;
writeFileSync(resultsPath, `${JSON.stringify({ ...report, goals: evaluateGoals(report), retryCosts: retryCosts(report) }, null, 2)}\n`);
process.stdout.write(`\nWritten to ${resultsPath}\n`);
