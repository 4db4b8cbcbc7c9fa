#!/usr/bin/env node
// `npm run modelgate -- <args>` (from the repository root): the gateway's CLI
// (apps/gateway/bin/modelgate.mjs) on the Node.js runtime the workspace pins, whatever Node.js runs
// npm (like bootstrap.mjs, this file must run on Node.js 20). It runs the real binary, not the
// `node_modules/.bin/node` shell shim, which would not pass SIGTERM on to `modelgate serve`; and
// in the folder npm was called from, so that relative paths (`--config my.yaml`) mean what they say.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const node = join(root, 'node_modules', 'node', 'bin', 'node');
const gateway = join(root, 'apps', 'gateway');
if (!existsSync(node) || !existsSync(join(gateway, 'dist', 'cli', 'run-cli.js'))) {
  console.error('modelgate: run `npm start` or `npm test` once first: they install the pinned Node.js and build the gateway.');
  process.exit(1);
}
// The Node.js flags of the gateway's start script (apps/gateway/package.json), its one source.
const startScript = JSON.parse(readFileSync(join(gateway, 'package.json'), 'utf8')).scripts.start;
const nodeFlags = startScript.split(/\s+/).filter((word) => word.startsWith('--'));
const cli = spawn(node, [...nodeFlags, join(gateway, 'bin', 'modelgate.mjs'), ...process.argv.slice(2)], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
