#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. This file must run on the
// older Node.js a fresh machine has (20+) and on nothing but npm: it fetches the pinned pnpm
// from the npm registry, installs the workspace (which brings the pinned Node.js runtime as
// the `node` devDependency), builds, and then hands over to pnpm, whose scripts run on that
// pinned runtime because `pnpm run` puts node_modules/.bin first on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootPackage.packageManager.replace(/^pnpm@/, '');

const command = process.argv[2];
const commands = ['start', 'test'];
if (!commands.includes(command)) {
  console.error(`usage: node tools/bootstrap.mjs <${commands.join('|')}> [args...]`);
  process.exit(2);
}

function run(args, options = {}) {
  const result = spawnSync('npx', ['--yes', `pnpm@${pnpmVersion}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, COREPACK_ENABLE_STRICT: '0', npm_config_update_notifier: 'false' },
    ...options,
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function installIsCurrent() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  if (!existsSync(marker) || !existsSync(join(root, 'node_modules', '.bin', 'node'))) return false;
  return !existsSync(lockfile) || statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs;
}

/** One line per step, so that a first run's minute is never silent. */
function step(message) {
  console.log(`modelgate: ${message}`);
}

if (!installIsCurrent()) {
  step(`installing the workspace with pnpm ${pnpmVersion} (the first time takes about a minute)…`);
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  // Engines are checked against the pinned runtime the workspace runs on, not the Node.js running
  // this file (20 is fine here): otherwise every package warns about an engine the user need not change.
  const status = run(['install', ...frozen, `--config.node-version=${rootPackage.devDependencies.node}`]);
  if (status !== 0) process.exit(status);
}

// `start` shows turbo's summary and any failing task's output; `test` the whole build log.
step('building the packages (turbo: about a minute the first time, cached afterwards)…');
const buildStatus = run(['run', 'build', ...(command === 'start' ? ['--output-logs=errors-only'] : [])]);
if (buildStatus !== 0) process.exit(buildStatus);

if (command === 'test') {
  // Every test runs every time (turbo caches builds, never lint, typecheck or test); the summary
  // then shows, from the records this run's Jest processes wrote, what each package executed.
  process.env.MODELGATE_TEST_RUN_ID = `${Date.now()}-${process.pid}`;
  const testStatus = run(['run', 'test:all', ...process.argv.slice(3)]);
  const summary = spawnSync(process.execPath, [join(root, 'tools', 'print-test-summary.mjs'), '--run', process.env.MODELGATE_TEST_RUN_ID], { stdio: 'inherit' });
  process.exit(testStatus || (summary.status ?? 1));
}

// `start` runs the gateway's own start script (apps/gateway/package.json, the one source of its
// Node flags) on the pinned runtime's real binary, not through pnpm and the `node/.bin` shell shim:
// neither passes SIGTERM on, and the gateway must get it to shut down gracefully.
const gatewayDirectory = join(root, 'apps', 'gateway');
const startScript = JSON.parse(readFileSync(join(gatewayDirectory, 'package.json'), 'utf8')).scripts.start;
const [program, ...nodeArguments] = startScript.split(/\s+/);
if (program !== 'node') throw new Error(`apps/gateway's start script must begin with 'node': ${startScript}`);
// `npm start` is the one place that asks for the demo profile (MODELGATE_DEMO=1): with no config
// file and no vendor key the gateway then serves the bundled simulators, and says so loudly; the
// gateway started any other way refuses to start instead.
step('starting the gateway…');
const gateway = spawn(join(root, 'node_modules', 'node', 'bin', 'node'), [...nodeArguments, ...process.argv.slice(3)], {
  cwd: gatewayDirectory,
  stdio: 'inherit',
  env: { ...process.env, MODELGATE_DEMO: process.env.MODELGATE_DEMO ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
