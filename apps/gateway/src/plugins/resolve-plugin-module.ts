import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The conditions Node's `import` matches, in the order a package may list them. */
const IMPORT_CONDITIONS = new Set(['node', 'import', 'module-sync', 'default']);

interface PackageManifest {
  exports?: unknown;
  main?: string;
}

export function isPluginPath(specifier: string): boolean {
  return specifier.startsWith('.') || isAbsolute(specifier);
}

/** `@scope/name/sub` → `['@scope/name', './sub']`; `name` → `['name', '.']`. */
function splitPackageSpecifier(specifier: string): [name: string, subpath: string] {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(nameLength).join('/');
  return [parts.slice(0, nameLength).join('/'), rest ? `./${rest}` : '.'];
}

/** Picks a target from an `exports` value as Node's ESM resolver would (conditions in key order). */
function matchConditions(target: unknown): string | undefined {
  if (typeof target === 'string') return target.startsWith('./') ? target : undefined;
  if (Array.isArray(target)) {
    for (const candidate of target) {
      const match = matchConditions(candidate);
      if (match) return match;
    }
    return undefined;
  }
  if (target && typeof target === 'object') {
    for (const [condition, value] of Object.entries(target)) {
      if (!IMPORT_CONDITIONS.has(condition)) continue;
      const match = matchConditions(value);
      if (match) return match;
    }
  }
  return undefined;
}

function exportedTarget(exportsField: unknown, subpath: string): string | undefined {
  const isSubpathMap =
    exportsField !== null && typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).some((key) => key.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? matchConditions(exportsField) : undefined;
  return matchConditions((exportsField as Record<string, unknown>)[subpath]);
}

/**
 * The file a package directory's `import` loads: its `exports` (for `import`, `node` or `default`),
 * else its `main`, else `index.js`. Throws a message for the operator when there is none.
 */
export function resolvePackageEntry(packageDirectory: string, subpath = '.'): string {
  const manifestPath = join(packageDirectory, 'package.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as PackageManifest) : {};
  let target: string | undefined;
  if (manifest.exports !== undefined) {
    target = exportedTarget(manifest.exports, subpath);
    if (!target) throw new Error(`${manifestPath} exports no '${subpath}' for import (conditions: import, node or default)`);
  } else {
    target = subpath === '.' ? (manifest.main ?? 'index.js') : subpath;
  }
  const file = resolve(packageDirectory, target);
  if (!existsSync(file)) throw new Error(`${file} (the entry of ${packageDirectory}) does not exist`);
  return file;
}

/** Looks for `node_modules/<name>` in the directory and each of its parents, as Node does. */
function findInstalledPackage(name: string, fromDirectory: string): string | undefined {
  for (let directory = resolve(fromDirectory); ; directory = dirname(directory)) {
    const candidate = join(directory, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(directory) === directory) return undefined;
  }
}

/** The project's own scope: a name in it is the gateway's own copy whenever it has one. */
const FIRST_PARTY_SCOPE = '@modelgate/';

function ownDependency(specifier: string): string | undefined {
  try {
    return fileURLToPath(import.meta.resolve(specifier));
  } catch {
    return undefined;
  }
}

/**
 * The file to import for a provider's `package`: a path (to a module, or to a package directory,
 * which resolves through its package.json) relative to the config's folder; a first-party name
 * (`@modelgate/…`) the gateway bundles, its own copy, so that no `node_modules` in the config's
 * folder or any folder above it can stand in for a bundled provider (name another copy by its
 * path); any other name installed next to the config or above it (ESM-only packages included),
 * else one of the gateway's own dependencies. Returns undefined when nothing matches.
 */
export function resolvePluginModule(specifier: string, baseDirectory: string): string | undefined {
  if (isPluginPath(specifier)) {
    const path = resolve(baseDirectory, specifier);
    if (!existsSync(path)) return undefined;
    return statSync(path).isDirectory() ? resolvePackageEntry(path) : path;
  }
  const bundled = specifier.startsWith(FIRST_PARTY_SCOPE) ? ownDependency(specifier) : undefined;
  if (bundled) return bundled;
  const [name, subpath] = splitPackageSpecifier(specifier);
  const installed = findInstalledPackage(name, baseDirectory);
  if (installed) return resolvePackageEntry(installed, subpath);
  return ownDependency(specifier);
}
