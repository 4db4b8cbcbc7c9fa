import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolvePluginModule } from '../../src/plugins/resolve-plugin-module.js';

// Resolution rules of the plugin loader, on packages laid out in a temporary folder.
describe('resolvePluginModule', () => {
  let root: string;

  async function writeFiles(files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'modelgate-resolve-'));
    await writeFiles({
      'config/node_modules/import-only/package.json': JSON.stringify({ exports: { '.': { types: './x.d.ts', import: './esm.js' } } }),
      'config/node_modules/import-only/esm.js': '',
      'config/node_modules/dual/package.json': JSON.stringify({ exports: { '.': { require: './cjs.cjs', import: './esm.js' } } }),
      'config/node_modules/dual/esm.js': '',
      'config/node_modules/dual/cjs.cjs': '',
      'config/node_modules/sugar/package.json': JSON.stringify({ exports: './main.js' }),
      'config/node_modules/sugar/main.js': '',
      'config/node_modules/@acme/plugin/package.json': JSON.stringify({ exports: { '.': './a.js', './extra': { default: './b.js' } } }),
      'config/node_modules/@acme/plugin/a.js': '',
      'config/node_modules/@acme/plugin/b.js': '',
      'config/node_modules/require-only/package.json': JSON.stringify({ exports: { require: './cjs.cjs' } }),
      'config/node_modules/require-only/cjs.cjs': '',
      'node_modules/from-parent/package.json': JSON.stringify({ main: 'lib/entry.js' }),
      'node_modules/from-parent/lib/entry.js': '',
      'config/plugins/by-dir/package.json': JSON.stringify({ type: 'module', exports: { '.': { import: './src/index.js' } } }),
      'config/plugins/by-dir/src/index.js': '',
      'config/plugins/bare-dir/index.js': '',
      'config/plugins/file.mjs': '',
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const from = (specifier: string) => resolvePluginModule(specifier, join(root, 'config'));

  it('follows exports with the import conditions, in the order the package lists them', () => {
    expect(from('import-only')).toBe(join(root, 'config/node_modules/import-only/esm.js'));
    expect(from('dual')).toBe(join(root, 'config/node_modules/dual/esm.js'));
    expect(from('sugar')).toBe(join(root, 'config/node_modules/sugar/main.js'));
    expect(from('@acme/plugin')).toBe(join(root, 'config/node_modules/@acme/plugin/a.js'));
    expect(from('@acme/plugin/extra')).toBe(join(root, 'config/node_modules/@acme/plugin/b.js'));
  });

  it('looks in the parent folders, uses main without exports, and falls back to the gateway’s own packages', () => {
    expect(from('from-parent')).toBe(join(root, 'node_modules/from-parent/lib/entry.js'));
    expect(from('@modelgate/provider-openai')).toMatch(/provider-openai[/\\]dist[/\\]index\.js$/);
    expect(from('modelgate-provider-nowhere')).toBeUndefined();
  });

  it('resolves a directory path through its package.json, else its index.js, and a file path as it is', () => {
    expect(from('./plugins/by-dir')).toBe(join(root, 'config/plugins/by-dir/src/index.js'));
    expect(from('./plugins/bare-dir')).toBe(join(root, 'config/plugins/bare-dir/index.js'));
    expect(from('./plugins/file.mjs')).toBe(join(root, 'config/plugins/file.mjs'));
    expect(from('./plugins/missing')).toBeUndefined();
  });

  it('names the package.json when its exports offer nothing to import', () => {
    expect(() => from('require-only')).toThrow(/require-only[/\\]package\.json exports no '\.' for import/);
  });
});
