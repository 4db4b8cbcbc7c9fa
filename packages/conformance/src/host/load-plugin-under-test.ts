import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unwrapProviderPlugin } from '@modelgate/core';
import type { ConformanceGatewayInput } from '../conformance-types.js';

/**
 * The plugin the suite tests, unchecked: the one passed in, or the default export of `package`
 * resolved from the current working directory, where a third party installed the plugin (the
 * suite's own folder under node_modules cannot see it).
 */
export async function loadPluginUnderTest(provider: ConformanceGatewayInput['provider']): Promise<{ candidate: unknown; source: string }> {
  if (provider.plugin !== undefined) return { candidate: provider.plugin, source: '(inline plugin)' };
  if (provider.package === undefined) throw new Error('conformance: `provider` needs a `plugin` or a `package`');
  // `require.resolve` follows the package's `exports` (its `default` condition) and the
  // folder's own name (self-reference), which is what a plugin package's tests need.
  const file = createRequire(join(process.cwd(), 'noop.js')).resolve(provider.package);
  return { candidate: unwrapProviderPlugin(await import(pathToFileURL(file).href)), source: provider.package };
}
