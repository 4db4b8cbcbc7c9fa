import * as nodeModule from 'node:module';

const CORE_PACKAGE = '@modelgate/core';

let provided = false;

/**
 * Plugins declare `@modelgate/core` as a peer dependency: the host provides it. A plugin installed
 * next to the config cannot see the gateway's own copy (and core is not on the registry yet), so an
 * `import … from '@modelgate/core'` that would fail to resolve is answered with the gateway's copy.
 * Resolutions that succeed (a plugin that bundles or installed its own core) are left alone.
 * Needs `module.registerHooks` (Node 22.15+); without it (or inside a sandbox that refuses hooks,
 * such as Jest's), plugins must bring their own core.
 */
export function provideCoreToPlugins(): void {
  const registerHooks = (nodeModule as { registerHooks?: typeof nodeModule.registerHooks }).registerHooks;
  if (provided || typeof registerHooks !== 'function') return;
  provided = true;
  const gatewayCore = import.meta.resolve(CORE_PACKAGE);
  try {
    registerHooks({
      resolve(specifier, context, nextResolve) {
        if (specifier !== CORE_PACKAGE) return nextResolve(specifier, context);
        try {
          return nextResolve(specifier, context);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
          return { url: gatewayCore, shortCircuit: true };
        }
      },
    });
  } catch {
    // Hooks refused: plugins resolve their own core, as they would on an older Node.
  }
}
