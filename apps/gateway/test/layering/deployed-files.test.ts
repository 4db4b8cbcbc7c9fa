import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// `pnpm deploy --prod` (docs/production.md) copies the gateway's folder as a pack would: only what
// package.json's `files` lists. The list npm computes for a pack is the same one (npm-packlist).
const GATEWAY_DIRECTORY = fileURLToPath(new URL('../../', import.meta.url));

describe("the gateway's production deploy", () => {
  it('ships the command, the build and the store copy script, and no test, source or test result', () => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: GATEWAY_DIRECTORY, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })) as Array<{ files: Array<{ path: string }> }>;
    const paths = pack!.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['bin/modelgate.mjs', 'dist/main.js', 'scripts/copy-store.mjs', 'package.json']));
    const topFolders = [...new Set(paths.map((path) => path.split('/')[0]))].sort();
    expect({ topFolders, tests: paths.filter((path) => /\.test\.|(^|\/)test\//.test(path)) }).toEqual({ topFolders: ['bin', 'dist', 'package.json', 'scripts'], tests: [] });
  });
});
