import { PROVIDER_SPECIFICATION_VERSION_V1, type ProviderPluginV1 } from './v1/provider-plugin-v1.js';

export const SUPPORTED_SPECIFICATION_VERSIONS: readonly string[] = [PROVIDER_SPECIFICATION_VERSION_V1];

/**
 * Checks that a loaded module export is a provider plugin this core understands, and returns
 * the problems found (empty when it is one). Handles the `default` interop of transpiled ESM.
 */
export function unwrapProviderPlugin(moduleExports: unknown): unknown {
  const candidate = moduleExports as { default?: unknown } | null;
  if (candidate && typeof candidate === 'object' && 'default' in candidate && candidate.default) {
    const inner = candidate.default as { default?: unknown };
    return inner && typeof inner === 'object' && 'default' in inner && !('specificationVersion' in inner) ? inner.default : inner;
  }
  return moduleExports;
}

export function findProviderPluginProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['the module does not export a provider plugin object'];
  const plugin = value as Partial<Record<keyof ProviderPluginV1, unknown>>;
  const problems: string[] = [];
  if (typeof plugin.specificationVersion !== 'string') problems.push('`specificationVersion` is missing');
  else if (!SUPPORTED_SPECIFICATION_VERSIONS.includes(plugin.specificationVersion)) {
    problems.push(
      `specification version '${plugin.specificationVersion}' is not supported (supported: ${SUPPORTED_SPECIFICATION_VERSIONS.join(', ')})`,
    );
  }
  if (typeof plugin.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(plugin.id)) problems.push('`id` must be a kebab-case string');
  if (typeof plugin.family !== 'string' || plugin.family.length === 0) problems.push('`family` must be a non-empty string');
  if (typeof plugin.settingsSchema !== 'object' || plugin.settingsSchema === null) problems.push('`settingsSchema` must be a JSON Schema object');
  if (!Array.isArray(plugin.modelPatterns) || !plugin.modelPatterns.every((pattern) => typeof pattern === 'string')) {
    problems.push('`modelPatterns` must be an array of strings');
  }
  if (typeof plugin.create !== 'function') problems.push('`create` must be a function');
  return problems;
}
