import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ANTHROPIC_PACKAGE_DIRECTORY, REPOSITORY_ROOT, TURBO } from './workspace-paths.js';

export type AnthropicPluginDetection = { readonly path: string } | { readonly skipped: string };

/**
 * The translated scenarios need `@modelgate/provider-anthropic`, which may not have landed yet:
 * it counts as present when its package exists, builds, and its build exports a plugin.
 */
export async function detectAnthropicPlugin(): Promise<AnthropicPluginDetection> {
  if (!existsSync(join(ANTHROPIC_PACKAGE_DIRECTORY, 'package.json'))) return { skipped: 'skipped: provider not present' };
  const build = spawnSync(TURBO, ['run', 'build', '--filter=@modelgate/provider-anthropic', '--output-logs=none'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'ignore',
  });
  const path = join(ANTHROPIC_PACKAGE_DIRECTORY, 'dist/index.js');
  if (build.status !== 0 || !existsSync(path)) return { skipped: 'skipped: provider not present (it does not build yet)' };
  try {
    const plugin = ((await import(pathToFileURL(path).href)) as { default?: { id?: unknown } }).default;
    if (plugin?.id !== 'anthropic') return { skipped: 'skipped: provider not present (no plugin export)' };
  } catch (error) {
    return { skipped: `skipped: provider not present (${(error as Error).message})` };
  }
  return { path };
}
