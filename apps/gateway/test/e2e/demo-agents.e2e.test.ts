import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readDocBlocks, type DocBlock } from '../docs/doc-blocks.js';
import { DOC_GATEWAY_ORIGIN, DOC_SERVICE_KEY_PLACEHOLDER, REPOSITORY } from '../docs/doc-test-sandbox.js';
import { cloneRepository, shellPath, startNpmStart, type NpmStart } from '../support/npm-start.js';

// A newcomer's first hour (issue 37): a fresh clone, `npm start` at its root with the Node.js and
// npm on PATH (the README's command: it installs, builds and starts the demo profile), then Claude
// Code and Codex CLI run exactly as docs/demo.md says (`npm run claude -- …`, `npm run codex -- …`,
// the pinned clients), offline. The packages come from this repository's pnpm store.
// The demo's tool rule makes each model call the shell; the answer quotes the command's output,
// which only the simulator that received the tool's result can write, so a round trip that breaks
// anywhere (the rule, a translation, a client's tool loop) fails here.

const DOCUMENT = 'docs/demo.md';
const blocks = readDocBlocks(join(REPOSITORY, DOCUMENT), DOCUMENT);
const shellBlocks = blocks.filter((block) => block.marker?.kind === 'sh');
const claudeBlock = shellBlocks.find((block) => block.code.includes('run --silent claude'))!;
const codexBlock = shellBlocks.find((block) => block.code.includes('run --silent codex'))!;
const codexConfig = blocks.find((block) => block.marker?.kind === 'codex-config')!;

let folder: string;
let clone: string;
let gateway: NpmStart;

/** Runs a documented block with bash, as a reader pastes it, in a fresh HOME. */
async function runBlock(block: DocBlock, replace: (code: string) => string = (code) => code): Promise<{ code: number | null; output: string }> {
  const home = await mkdtemp(join(folder, 'home-'));
  await mkdir(join(home, '.codex'));
  await writeFile(join(home, '.codex', 'config.toml'), codexConfig.code.replaceAll(DOC_GATEWAY_ORIGIN, gateway.origin));
  const script = join(home, 'block.sh');
  await writeFile(script, replace(block.code.replaceAll(DOC_GATEWAY_ORIGIN, gateway.origin).replaceAll(DOC_SERVICE_KEY_PLACEHOLDER, gateway.key)));
  // At the clone's root, where the docs run npm from; only PATH and the sandbox's HOME.
  const child = spawn('bash', ['-euo', 'pipefail', script], {
    cwd: clone,
    env: { PATH: shellPath(), HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1', RUST_LOG: 'error', npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => (text += String(chunk)));
  child.stderr.on('data', (chunk) => (text += String(chunk)));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output: text };
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'modelgate-demo-agents-'));
  clone = cloneRepository(folder);
  gateway = await startNpmStart(join(folder, 'data'), clone);
}, 400_000);

afterAll(async () => {
  await gateway?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('npm start, then the agents as docs/demo.md runs them, offline', () => {
  it('sets up and starts the demo profile, one line per step, with no warning a newcomer can do nothing about', () => {
    const output = gateway.output();
    expect(output).toContain('DEMO PROFILE');
    const steps = output.split('\n').filter((line) => line.startsWith('modelgate: '));
    expect(steps.map((line) => line.replace(/ \(.*$|…$/, ''))).toEqual(['modelgate: installing the workspace with pnpm 10.34.9', 'modelgate: building the packages', 'modelgate: starting the gateway']);
    expect(output).not.toMatch(/Unsupported engine|Ignored build scripts|WARN/);
  });

  it.each(['demo-gpt', 'demo-claude', 'demo-gemini'])('Claude Code runs a Bash round trip on %s', async (model) => {
    const run = await runBlock(claudeBlock, (code) => code.replace('--model demo-gemini', `--model ${model}`));
    expect({ code: run.code, answer: run.output.trim().split('\n').at(-1) }).toEqual({ code: 0, answer: 'Tool result: modelgate-42' });
  }, 120_000);

  // demo-claude and demo-gemini through the Responses bridge, which the demo profile turns on.
  it.each(['demo-gpt', 'demo-claude', 'demo-gemini'])('Codex CLI runs an exec_command round trip on %s', async (model) => {
    const run = await runBlock(codexBlock, (code) => code.replace('codex -- exec ', `codex -- exec -m ${model} `));
    expect({ code: run.code, log: run.code === 0 ? '' : run.output }).toEqual({ code: 0, log: '' });
    // Codex prints the final answer last: the demo's quote of the command's output, as Codex sent it back.
    expect(run.output.trim().split('\n').at(-1)).toMatch(/^Tool result: .*Output: modelgate-42$/);
  }, 120_000);
});
