#!/usr/bin/env node
// Prints what the tests of every workspace package executed in this run, from the records Jest
// left in each package's coverage/ folder (tools/jest-run-record.mjs, and coverage-summary.json
// when coverage was on): suites, tests by outcome, coverage, time. `--run <id>` is the run's
// MODELGATE_TEST_RUN_ID: a package with a test script but no record of that run did not run its
// tests (a cached replay, a task that never started), which fails the summary. Runs on Node.js 20,
// like bootstrap.mjs, which calls it after `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runFlag = process.argv.indexOf('--run');
const runId = runFlag === -1 ? undefined : process.argv[runFlag + 1];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Workspace folders (pnpm-workspace.yaml: packages/*, apps/*, bench) whose package has a test script. */
function testedPackages() {
  const folders = ['packages', 'apps'].flatMap((parent) => readdirSync(join(root, parent)).map((name) => join(root, parent, name)));
  folders.push(join(root, 'bench'));
  return folders
    .filter((folder) => existsSync(join(folder, 'package.json')))
    .map((folder) => ({ folder, manifest: readJson(join(folder, 'package.json')) }))
    .filter(({ manifest }) => manifest.scripts?.test)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** The package's record of this run, with coverage if it was measured in the same run. */
function readRun(folder) {
  const recordPath = join(folder, 'coverage', 'test-run.json');
  if (!existsSync(recordPath)) return undefined;
  const record = readJson(recordPath);
  if (runId !== undefined && record.runId !== runId) return undefined;
  const coveragePath = join(folder, 'coverage', 'coverage-summary.json');
  const coverage = existsSync(coveragePath) && statSync(coveragePath).mtimeMs >= record.startedAt ? readJson(coveragePath).total : undefined;
  return { ...record, coverage };
}

const percent = (coverage, kind) => (coverage ? `${coverage[kind].pct.toFixed(1)}%` : '-');
const columns = ['package', 'suites', 'tests', 'passed', 'failed', 'skipped', 'stmts', 'branch', 'funcs', 'lines', 'time'];
const rows = [];
const missing = [];
const total = { suites: 0, tests: 0, passed: 0, failed: 0, skipped: 0 };
for (const { folder, manifest } of testedPackages()) {
  const run = readRun(folder);
  if (!run) {
    missing.push(manifest.name);
    rows.push([manifest.name, 'did not run in this run']);
    continue;
  }
  const { suites, tests, coverage } = run;
  Object.assign(total, {
    suites: total.suites + suites.total,
    tests: total.tests + tests.total,
    passed: total.passed + tests.passed,
    failed: total.failed + tests.failed,
    skipped: total.skipped + tests.skipped,
  });
  rows.push([
    manifest.name,
    String(suites.total),
    String(tests.total),
    String(tests.passed),
    String(tests.failed),
    String(tests.skipped),
    ...['statements', 'branches', 'functions', 'lines'].map((kind) => percent(coverage, kind)),
    `${((run.finishedAt - run.startedAt) / 1000).toFixed(1)}s`,
  ]);
}
rows.push(['total', ...['suites', 'tests', 'passed', 'failed', 'skipped'].map((key) => String(total[key]))]);

const widths = columns.map((column, index) => Math.max(column.length, ...rows.filter((row) => index === 0 || row.length > 2).map((row) => row[index]?.length ?? 0)));
const format = (row) => (row.length === 2 ? `${row[0].padEnd(widths[0])}  ${row[1]}` : row.map((cell, index) => (index === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[index]))).join('  '));
process.stdout.write(`\nTests executed in this run, per package (coverage of each package's src/):\n`);
for (const row of [columns, ...rows]) process.stdout.write(`${format(row)}\n`);
if (missing.length > 0) {
  process.stderr.write(`\nNo test results from this run for: ${missing.join(', ')}\n`);
  process.exit(1);
}
