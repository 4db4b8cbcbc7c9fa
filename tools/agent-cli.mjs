#!/usr/bin/env node
// `npm run codex -- <args>`, `npm run claude -- <args>` and `npm run gemini -- <args>` (from the
// repository root): the Codex CLI, Claude Code and Gemini CLI versions the gateway's tests pin (apps/gateway's devDependencies), on the Node.js
// runtime the workspace pins, in the folder npm was called from. Claude Code runs through its own
// launcher, which starts the native binary npm installed for this platform: the `claude` in
// node_modules/.bin needs a postinstall step that pnpm does not run. Like bootstrap.mjs, this file
// must run on Node.js 20 and nothing but npm.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAUNCHERS = { codex: '@openai/codex/bin/codex.js', claude: '@anthropic-ai/claude-code/cli-wrapper.cjs', gemini: '@google/gemini-cli/bundle/gemini.js' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [client, ...args] = process.argv.slice(2);
if (!Object.hasOwn(LAUNCHERS, client ?? '')) {
  console.error(`usage: node tools/agent-cli.mjs <${Object.keys(LAUNCHERS).join('|')}> [args...]`);
  process.exit(2);
}
const node = join(root, 'node_modules', 'node', 'bin', 'node');
let launcher;
try {
  launcher = createRequire(join(root, 'apps', 'gateway', 'package.json')).resolve(LAUNCHERS[client]);
} catch {
  launcher = undefined;
}
if (!existsSync(node) || !launcher) {
  console.error(`${client}: run \`npm start\` or \`npm test\` once first: they install the pinned Node.js and ${client}.`);
  process.exit(1);
}
const child = spawn(node, [launcher, ...args], { cwd: process.env.INIT_CWD ?? process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
