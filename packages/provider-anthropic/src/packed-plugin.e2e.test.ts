import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

// The conformance suite as a third party runs it on its plugin: this package and the published-shape
// packages it needs packed into tarballs, installed with npm in a folder outside the workspace, and
// a plain .mjs test file run by jest there, with no TypeScript, no workspace links and no gateway app.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PNPM = `pnpm@${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string }).packageManager.replace(/^pnpm@/, '')}`;
/** What a plugin author installs: the suite, what it runs on, and the plugin under test (this one). */
const PACKED = ['core', 'pipeline', 'testkit', 'conformance', 'provider-anthropic'];
const SCENARIOS = [
  'plain-text',
  'plain-text-stream',
  'system-prompt',
  'multi-turn',
  'image-input',
  'tool-call',
  'parallel-tool-calls-stream',
  'tool-result-round-trip',
  'json-schema',
  'stop-sequence',
  'usage-in-stream',
  'upstream-errors',
];

const PACKED_RUN = `import { runChatConformance } from '@modelgate/conformance';
import { anthropicConformanceUpstream } from '@modelgate/provider-anthropic/testing';

runChatConformance({
  name: 'packed @modelgate/provider-anthropic',
  provider: { package: '@modelgate/provider-anthropic' },
  model: 'claude-sonnet-4-5',
  startUpstream: anthropicConformanceUpstream('sk-ant-packed'),
});
`;

// The same plugin, wrapped to report a whole answer's tool calls with finish_reason 'stop': the
// suite run out here must catch it (the tool-call scenario), or the passing run above proves nothing.
const BROKEN_RUN = `import { runChatConformance } from '@modelgate/conformance';
import anthropic from '@modelgate/provider-anthropic';
import { anthropicConformanceUpstream } from '@modelgate/provider-anthropic/testing';

const broken = {
  ...anthropic,
  create(settings, context) {
    const provider = anthropic.create(settings, context);
    const chat = Object.create(provider.chat);
    chat.fromUpstreamResponse = (body, call) => {
      const response = provider.chat.fromUpstreamResponse(body, call);
      return { ...response, choices: response.choices.map((choice) => ({ ...choice, finish_reason: 'stop' })) };
    };
    return { ...provider, chat };
  },
};

runChatConformance({
  name: 'broken wrapper',
  provider: { plugin: broken },
  model: 'claude-sonnet-4-5',
  startUpstream: anthropicConformanceUpstream('sk-ant-packed'),
});
`;

interface JestFileResult {
  readonly name: string;
  /** Why the file failed, when it did (also when it could not even load). */
  readonly message: string;
  readonly assertionResults: ReadonlyArray<{ readonly title: string; readonly status: string }>;
}

function tarballName(directory: string): string {
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
}

/** Packs with pnpm, not npm: only `pnpm pack` rewrites `workspace:` ranges into the versions a registry install needs. */
function packInto(tarballs: string): Record<string, string> {
  const directories = PACKED.map((name) => join(ROOT, 'packages', name));
  for (const directory of directories) {
    if (!existsSync(join(directory, 'dist', 'index.js'))) throw new Error(`${directory} is not built: build it before this test (turbo's test task does)`);
  }
  const filters = PACKED.flatMap((name) => ['--filter', `@modelgate/${name}`]);
  execFileSync('npx', ['--yes', PNPM, ...filters, 'pack', '--pack-destination', tarballs], { cwd: ROOT, stdio: 'pipe' });
  return Object.fromEntries(PACKED.map((name, index) => [`@modelgate/${name}`, `file:${join(tarballs, tarballName(directories[index]!))}`]));
}

describe('the conformance suite outside the workspace, on a packed plugin', () => {
  let scratch: string;
  let results: JestFileResult[];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'modelgate-packed-plugin-'));
    const tarballs = join(scratch, 'tarballs');
    mkdirSync(tarballs);
    const dependencies = packInto(tarballs);
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'packed-plugin-conformance', private: true, type: 'module', dependencies }, null, 2));
    // Peers (@jest/globals, which jest provides itself) are not pulled in: the run uses the workspace's jest.
    // Bounded: a registry that cannot be reached (a proxy's CA missing from the environment, say)
    // fails the test with npm's own words instead of hanging the run.
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--ignore-scripts', '--loglevel=error', '--fetch-retries=1', '--fetch-timeout=30000'], {
      cwd: scratch,
      stdio: 'pipe',
      timeout: 180_000,
    });
    writeFileSync(join(scratch, 'anthropic.conformance.test.mjs'), PACKED_RUN);
    writeFileSync(join(scratch, 'broken-wrapper.conformance.test.mjs'), BROKEN_RUN);
    writeFileSync(join(scratch, 'jest.config.json'), JSON.stringify({ testEnvironment: 'node', transform: {}, testMatch: ['<rootDir>/*.test.mjs'] }));

    const outputFile = join(scratch, 'results.json');
    spawnSync(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', 'jest.config.json', '--ci', '--json', '--outputFile', outputFile], {
      cwd: scratch,
      env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' },
      stdio: 'pipe',
    });
    results = (JSON.parse(readFileSync(outputFile, 'utf8')) as { testResults: JestFileResult[] }).testResults;
  }, 300_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const outcomes = (file: string) => {
    const result = results.find((candidate) => candidate.name.endsWith(file));
    if (!result) throw new Error(`jest did not run ${file}: ${JSON.stringify(results)}`);
    if (result.assertionResults.length === 0) throw new Error(`${file} ran no test: ${result.message}`);
    return result.assertionResults.map((assertion) => [assertion.title, assertion.status]);
  };

  it('passes every scenario with the plugin installed by package name', () => {
    expect(outcomes('anthropic.conformance.test.mjs')).toEqual(SCENARIOS.map((scenario) => [scenario, 'passed']));
  });

  it('fails the scenario a broken plugin gets wrong, and only that one', () => {
    expect(outcomes('broken-wrapper.conformance.test.mjs')).toEqual(SCENARIOS.map((scenario) => [scenario, scenario === 'tool-call' ? 'failed' : 'passed']));
  });
});
