import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';

// The conformance suite must catch a broken plugin. mutants/conformance-mutants.test.mjs wraps this
// package's real plugin in deliberately broken ways and runs the whole suite on each; this test runs
// that file in its own jest process (its failures are the point) and checks that each mutant fails
// the scenario it was built to show, while the unbroken control passes every scenario.
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(PACKAGE, '..', '..');

/** Mutant → the scenario that must catch it. */
const EXPECTED: Readonly<Record<string, string>> = {
  'drops-the-system-prompt': 'system-prompt',
  'drops-images': 'image-input',
  'drops-response-format': 'json-schema',
  'drops-stop': 'stop-sequence',
  'drops-a-history-turn': 'multi-turn',
  'rewrites-tool-results': 'tool-result-round-trip',
  'reorders-tool-results': 'tool-result-round-trip',
  'loses-a-stream-chunk': 'plain-text-stream',
  'miscounts-usage': 'plain-text',
  'maps-a-finish-reason-wrongly': 'tool-call',
};

interface AssertionResult {
  readonly ancestorTitles: readonly string[];
  readonly title: string;
  readonly status: string;
}

describe('the conformance suite against deliberately broken plugins', () => {
  let results: AssertionResult[];

  beforeAll(() => {
    const scratch = mkdtempSync(join(tmpdir(), 'modelgate-mutants-'));
    try {
      const outputFile = join(scratch, 'results.json');
      const config = join(scratch, 'jest.config.json');
      writeFileSync(config, JSON.stringify({ rootDir: join(PACKAGE, 'mutants'), testEnvironment: 'node', transform: {}, testMatch: ['<rootDir>/*.test.mjs'] }));
      spawnSync(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', config, '--ci', '--json', '--outputFile', outputFile], {
        cwd: PACKAGE,
        env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' },
        stdio: 'pipe',
        timeout: 240_000,
      });
      results = (JSON.parse(readFileSync(outputFile, 'utf8')) as { testResults: Array<{ assertionResults: AssertionResult[] }> }).testResults.flatMap((file) => file.assertionResults);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);

  const outcomes = (mutant: string): Record<string, string> =>
    Object.fromEntries(results.filter((result) => result.ancestorTitles[0] === `chat conformance: mutant ${mutant}`).map((result) => [result.title, result.status]));

  it('passes every scenario with the unbroken plugin', () => {
    const control = outcomes('control');
    expect(Object.keys(control)).toHaveLength(12);
    expect(Object.values(control).every((status) => status === 'passed')).toBe(true);
  });

  it.each(Object.entries(EXPECTED))('catches %s in %s', (mutant, scenario) => {
    expect(outcomes(mutant)[scenario]).toBe('failed');
  });
});
