#!/usr/bin/env node
// Guards the repository's shape (docs/architecture.md, "Layers"): reads every source file under
// packages/*/src, apps/*/src and bench/src, extracts its import specifiers and enforces the RULES
// table below. Prints `file:line: rule — reason` per violation and exits 1; exits 0 when clean.
// Usage: node tools/check-layering.mjs [root]   (root defaults to this repository; tests pass a
// fixture tree). Plain Node ESM with no dependency, so it runs before anything is installed or built.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findImportCircles, resolveSource } from './import-circles.mjs';

const HTTP_LIBRARIES = ['koa', '@koa/router', '@koa/cors', '@koa/bodyparser', 'got', 'undici', 'axios', 'node-fetch'];
const KOA_LIBRARIES = ['koa', '@koa/router', '@koa/cors', '@koa/bodyparser'];
const HTTP_CLIENTS = ['got', 'undici', 'axios', 'node-fetch'];
const PROVIDER_ALLOWED = ['@modelgate/core', '@modelgate/provider-openai-compatible'];
/**
 * A cloud host builds on the provider of the family it hosts (its translators, not a copy of them)
 * and on its credential library, which its signer loads only when the host is configured and which
 * talks to the identity service alone, never to the model's upstream (docs/cloud-hosts.md).
 */
const HOST_PROVIDER_BASES = {
  '@modelgate/provider-azure-openai': ['@modelgate/provider-openai', '@azure/identity'],
  '@modelgate/provider-bedrock': [
    '@modelgate/provider-anthropic',
    '@smithy/signature-v4',
    '@aws-crypto/sha256-js',
    '@smithy/eventstream-codec',
    '@smithy/util-utf8',
    '@aws-sdk/credential-provider-node',
  ],
  '@modelgate/provider-vertex': ['@modelgate/provider-anthropic', '@modelgate/provider-google', 'google-auth-library'],
};
const APP_PACKAGE = '@modelgate/gateway';
/** An assignment to a field of an exchange or of one of its attempts, or a push into one of their arrays. */
const EXCHANGE_WRITE = /\b(?:exchange|attempt)\??\.\w+(?:\s*(?:[-+*\/%]|\?\?|\|\||&&)?=(?![=>])|\??\.(?:push|splice|unshift|pop|shift)\()/g;
/** Modules whose ES import loads Node's bundled undici (got's transport is exempt: got imports node:http itself). */
const ES_IMPORTS_LOADING_WEB_GLOBALS = ['node:http', 'http', 'node:https', 'https', '@koa/router'];

/** @typedef {{ rel: string, pkg: Pkg, inSrc: string, isTest: boolean, isTesting: boolean }} SourceFile */
/** @typedef {{ dir: string, name: string, kind: string, exports: string[], manifestText: string }} Pkg */
/** @typedef {{ specifier: string, line: number, typeOnly: boolean, required: boolean, bare?: { name: string, subpath: string }, target?: string }} Import */

// One row per rule: id, the one-line reason printed with each violation, and the check. `check`
// returns a detail string for a violating import (or null); `checkFile` looks at a whole file,
// `checkManifest` at a package's package.json, `checkGraph` at every import of the workspace.
const RULES = [
  {
    id: 'core-standalone',
    reason: 'core is the contract every package builds on; it may depend on no other workspace package',
    check: (file, imp) => file.pkg.kind === 'core' && imp.bare && isWorkspace(imp.bare.name) && imp.bare.name !== file.pkg.name,
  },
  {
    id: 'core-no-http',
    reason: 'core holds wire types and pure helpers; HTTP frameworks and clients belong to the app',
    check: (file, imp) => file.pkg.kind === 'core' && imp.bare && HTTP_LIBRARIES.includes(imp.bare.name),
  },
  {
    id: 'core-ajv-tests-only',
    reason: 'ajv is a devDependency of core (its tests validate the schemas); a runtime import would break installs',
    check: (file, imp) => file.pkg.kind === 'core' && !file.isTest && !imp.typeOnly && imp.bare?.name === 'ajv',
  },
  {
    id: 'provider-dependencies',
    reason: 'a provider translates and never opens sockets: it builds on @modelgate/core and the compatible base only',
    check: (file, imp) =>
      file.pkg.kind === 'provider' && !file.isTest && imp.bare && imp.bare.name !== file.pkg.name &&
      !PROVIDER_ALLOWED.includes(imp.bare.name) && !(HOST_PROVIDER_BASES[file.pkg.name] ?? []).includes(imp.bare.name) &&
      !(file.isTesting && imp.bare.name === '@modelgate/testkit'),
  },
  {
    id: 'provider-entry-no-testing',
    reason: "a provider's runtime code never reaches its simulator (src/testing/ ships as the ./testing subpath only)",
    check: (file, imp) =>
      file.pkg.kind === 'provider' && !file.isTest && !file.isTesting && imp.target !== undefined &&
      isInside(imp.target, path.join(file.pkg.dir, 'src', 'testing')),
  },
  {
    id: 'nothing-imports-the-app',
    reason: 'the gateway app is the outermost layer; packages and the bench must work without it',
    check: (file, imp) =>
      (file.pkg.kind !== 'app') &&
      (imp.bare?.name === APP_PACKAGE || (imp.target !== undefined && isInside(imp.target, 'apps'))),
  },
  {
    id: 'app-provider-public-entry',
    reason: "the app uses a provider through the entries its package.json exports (., ./testing, a second plugin such as ./converse), never its dist/ or src/ internals",
    check: (file, imp) =>
      file.pkg.kind === 'app' && imp.bare && isProviderName(imp.bare.name) && !workspace.get(imp.bare.name).exports.includes(`.${imp.bare.subpath}`),
  },
  {
    id: 'app-testing-demo-only',
    reason: "a provider's simulator (./testing) serves the demo profile and tests, never the production request path",
    check: (file, imp) =>
      file.pkg.kind === 'app' && !file.isTest && imp.bare && isProviderName(imp.bare.name) &&
      imp.bare.subpath === '/testing' && !file.inSrc.startsWith('demo/'),
  },
  {
    id: 'public-subpaths-only',
    reason: "a workspace package is imported only through a subpath its package.json exports",
    check: (file, imp) => {
      const target = imp.bare && workspace.get(imp.bare.name);
      return Boolean(target && target.exports.length > 0 && !target.exports.includes(`.${imp.bare.subpath}`));
    },
  },
  {
    id: 'generic-kits-no-provider',
    reason: 'testkit and conformance are generic: every provider tests with them, so they may name none',
    check: (file, imp) => (file.pkg.kind === 'testkit' || file.pkg.kind === 'conformance') && imp.bare && isProviderName(imp.bare.name),
  },
  {
    id: 'pipeline-no-koa',
    reason: 'the pipeline and fronts are framework-free so the conformance suite can run them without the app',
    check: (file, imp) =>
      (file.pkg.kind === 'pipeline' || (file.pkg.kind === 'app' && /^(pipeline|fronts)\//.test(file.inSrc))) &&
      imp.bare && KOA_LIBRARIES.includes(imp.bare.name),
  },
  {
    id: 'pipeline-dependencies',
    reason: 'the pipeline names no vendor and no test kit: it builds on @modelgate/core alone, so any host and the conformance suite can run it',
    check: (file, imp) => file.pkg.kind === 'pipeline' && imp.bare && isWorkspace(imp.bare.name) && imp.bare.name !== '@modelgate/core' && imp.bare.name !== file.pkg.name,
  },
  {
    id: 'pipeline-telemetry-api-only',
    reason: "the pipeline traces through the OpenTelemetry API alone; the SDK, exporters and propagators are the host's to choose (the gateway wires them)",
    check: (file, imp) => file.pkg.kind === 'pipeline' && !file.isTest && Boolean(imp.bare?.name.startsWith('@opentelemetry/')) && imp.bare.name !== '@opentelemetry/api',
  },
  {
    id: 'transport-seam',
    reason: 'only the transport module knows the HTTP client; everything above it opens a request and reads status, headers and a body stream',
    check: (file, imp) =>
      (file.pkg.kind === 'pipeline' || file.pkg.kind === 'app') && !file.isTest && imp.bare && HTTP_CLIENTS.includes(imp.bare.name) &&
      !(file.pkg.kind === 'pipeline' && file.inSrc.startsWith('transport/')),
  },
  {
    id: 'node-http-by-require',
    reason: "an ES import of node:http reads all its exports, and its lazy WebSocket, CloseEvent and MessageEvent load Node's bundled undici (~12 MB of RSS): the serving path requires node:http, and @koa/router (whose ES build imports it), through apps/gateway/src/runtime/commonjs-modules.ts",
    check: (file, imp) =>
      (file.pkg.kind === 'pipeline' || file.pkg.kind === 'app') && !file.isTest && !file.isTesting && !imp.typeOnly && !imp.required &&
      !file.inSrc.includes('.test-helper.') && ES_IMPORTS_LOADING_WEB_GLOBALS.includes(imp.specifier) && !(file.pkg.kind === 'pipeline' && file.inSrc === 'transport/got-upstream-transport.ts'),
  },
  {
    id: 'no-climbing-imports',
    reason: 'a relative import stays inside its own package; other packages are imported by name',
    check: (file, imp) => imp.target !== undefined && !isInside(imp.target, file.pkg.dir),
  },
  {
    id: 'testkit-not-a-runtime-dependency',
    reason: "the simulators' kit serves tests and the demo only: providers and the app take it as a devDependency, so a production install of the gateway has none (as a peer, pnpm resolves it from the app's devDependency and installs it with the providers)",
    checkManifest: (pkg, text) => {
      if (pkg.kind === 'testkit' || pkg.kind === 'conformance') return [];
      return [...text.matchAll(/"(dependencies|peerDependencies)"\s*:\s*\{[^}]*?"@modelgate\/testkit"/g)].map((listed) => ({
        line: lineAt(text, listed.index + listed[0].length),
        detail: `lists '@modelgate/testkit' under ${listed[1]}`,
      }));
    },
  },
  {
    id: 'provider-entry-exports',
    reason: "a provider's entry exports only its descriptor (default), types and create* factories: a narrow public surface",
    checkFile: (file, source) =>
      file.pkg.kind === 'provider' && file.inSrc === 'index.ts' ? entryValueExports(source).filter((name) => !/^create[A-Z]/.test(name.name)) : [],
  },
  {
    id: 'exchange-written-by-its-methods',
    reason: "the exchange is written only through its methods, each of which tells the extensions' hooks; outside packages/pipeline/src/exchange/ it is read-only (docs/architecture.md, \"A request's path\")",
    checkFile: (file, source) => {
      if ((file.pkg.kind !== 'pipeline' && file.pkg.kind !== 'app') || (file.pkg.kind === 'pipeline' && file.inSrc.startsWith('exchange/'))) return [];
      const code = stripComments(source);
      return [...code.matchAll(EXCHANGE_WRITE)].map((write) => ({ line: lineAt(code, write.index), detail: `writes ${write[0].replace(/\s+/g, ' ').trim()}` }));
    },
  },
  {
    id: 'no-import-circle',
    reason: 'imports run one way: files (type-only imports included) and packages that import each other cannot be read, moved or tested apart; move what both need into its own file',
    checkGraph: (graph) => [...circlesOf(graph.files), ...circlesOf(graph.packages)],
  },
];

// Known violations that are too large to fix in place: { rule, file, detail, reason }.
const ALLOWED = [
];

// ---------------------------------------------------------------------------------------------

const repositoryRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.argv[2] ?? process.env.MODELGATE_LAYERING_ROOT ?? repositoryRoot);
const workspace = discoverPackages(root);
const builtins = new Set(builtinModules);

function discoverPackages(base) {
  const found = new Map();
  const dirs = [];
  for (const group of ['packages', 'apps']) {
    const groupDir = path.join(base, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir, { withFileTypes: true })) if (entry.isDirectory()) dirs.push(`${group}/${entry.name}`);
  }
  if (existsSync(path.join(base, 'bench'))) dirs.push('bench');
  for (const dir of dirs) {
    const manifestPath = path.join(base, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const exportsField = manifest.exports;
    const exports = exportsField && typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).every((k) => k.startsWith('.'))
      ? Object.keys(exportsField)
      : exportsField ? ['.'] : [];
    found.set(manifest.name, { dir, name: manifest.name, kind: kindOf(dir), exports, manifestText: readFileSync(manifestPath, 'utf8') });
  }
  return found;
}

function kindOf(dir) {
  if (dir === 'packages/core') return 'core';
  if (dir.startsWith('packages/provider-')) return 'provider';
  if (dir === 'packages/testkit') return 'testkit';
  if (dir === 'packages/conformance') return 'conformance';
  if (dir === 'packages/pipeline') return 'pipeline';
  if (dir.startsWith('apps/')) return 'app';
  if (dir === 'bench') return 'bench';
  return 'package';
}

function isWorkspace(name) {
  return workspace.has(name);
}

function isProviderName(name) {
  return workspace.get(name)?.kind === 'provider';
}

/** True when the root-relative path `child` is `parent` or below it. */
function isInside(child, parent) {
  const relative = path.posix.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.posix.isAbsolute(relative));
}

function listSources(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(path.join(root, current), { withFileTypes: true })) {
      const rel = `${current}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (/\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(entry.name)) {
        files.push(rel);
      }
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return files;
}

/** The source with comments blanked (newlines kept, so offsets and line numbers still hold). */
function stripComments(source) {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') { out += ' '; i++; }
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function lineAt(source, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a } from '…', import type …, export { a } from '…', export * from '…'
  /(?<![\w$.])(?:import|export)\s+(type\s+)?[^;'"`()]*?\bfrom\s*(['"])([^'"]+)\2/g,
  // import '…' (side effect)
  /(?<![\w$.])import\s*(['"])([^'"]+)\1/g,
  // import('…'), require('…')
  /(?<![\w$.])(?:import|require)\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
];

function extractImports(source) {
  const code = stripComments(source);
  const imports = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[match.length - 1];
      const offset = match.index + match[0].lastIndexOf(specifier);
      const typeOnly = pattern === IMPORT_PATTERNS[0] && Boolean(match[1]);
      const required = pattern === IMPORT_PATTERNS[2] && /^require/.test(match[0].trimStart());
      imports.push({ specifier, line: lineAt(code, offset), typeOnly, required });
    }
  }
  return imports.sort((a, b) => a.line - b.line);
}

function classify(file, imp) {
  const { specifier } = imp;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    imp.target = path.posix.normalize(path.posix.join(path.posix.dirname(file.rel), specifier));
  } else if (!specifier.startsWith('node:') && !builtins.has(specifier.split('/')[0])) {
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    const name = parts.slice(0, nameLength).join('/');
    const rest = parts.slice(nameLength).join('/');
    imp.bare = { name, subpath: rest ? `/${rest}` : '' };
  }
  return imp;
}

/** Names of the value (non-type) exports of an entry file, other than its default export. */
function entryValueExports(source) {
  const code = stripComments(source);
  const found = [];
  const add = (name, offset) => { if (name !== 'default') found.push({ name, line: lineAt(code, offset) }); };
  for (const match of code.matchAll(/(?<![\w$.])export\s+(?!type\b|interface\b|default\b|declare\b)(\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)/g)) {
    const clause = match[1];
    if (clause.startsWith('*')) { add(clause.replace(/^\*\s*(as\s+)?/, '') || '*', match.index); continue; }
    for (const part of clause.slice(1, -1).split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      add(item.split(/\s+as\s+/).pop().trim(), match.index);
    }
  }
  for (const match of code.matchAll(/(?<![\w$.])export\s+(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+([\w$]+)/g)) add(match[1], match.index);
  return found.map(({ name, line }) => ({ name, line, detail: `exports '${name}'` }));
}

/**
 * The import graph's circles as violations, each reported at the import that leaves the circle's
 * first member. `edges`: node → (imported node → { file, line, specifier } of its first import).
 */
function circlesOf(edges) {
  const targets = new Map([...edges].map(([node, imported]) => [node, [...imported.keys()]]));
  return findImportCircles(targets).map((circle) => {
    const { file, line, specifier } = edges.get(circle[0]).get(circle[1]);
    return { file, line, detail: `imports '${specifier}', closing the circle ${circle.join(' → ')}` };
  });
}

/** ALLOWED entries that excused a violation in this run. */
const usedAllowances = new Set();

function isAllowed(rule, file, detail) {
  const entry = ALLOWED.find((candidate) => candidate.rule === rule.id && candidate.file === file.rel && (!candidate.detail || detail.includes(candidate.detail)));
  if (entry) usedAllowances.add(entry);
  return entry !== undefined;
}

const violations = [];
let fileCount = 0;
let importCount = 0;
/** Who imports whom, for `checkGraph`: file → (file → where), package name → (package name → where). */
const graph = { files: new Map(), packages: new Map() };
const sourcesByPackage = [...workspace.values()].map((pkg) => [pkg, listSources(`${pkg.dir}/src`)]);
const sourceSet = new Set(sourcesByPackage.flatMap(([, rels]) => rels));
const addEdge = (edges, from, to, at) => {
  if (!edges.has(from)) edges.set(from, new Map());
  if (!edges.get(from).has(to)) edges.get(from).set(to, at);
};
for (const [pkg, rels] of sourcesByPackage) {
  for (const rel of rels) {
    fileCount++;
    const inSrc = rel.slice(pkg.dir.length + '/src/'.length);
    const file = {
      rel,
      pkg,
      inSrc,
      isTest: /\.(test|spec)\.[cm]?[jt]s$/.test(rel) || /(^|\/)(__tests__|__fixtures__)\//.test(inSrc),
      isTesting: inSrc.startsWith('testing/'),
    };
    const source = readFileSync(path.join(root, rel), 'utf8');
    for (const imp of extractImports(source).map((i) => classify(file, i))) {
      importCount++;
      const at = { file, line: imp.line, specifier: imp.specifier };
      const imported = imp.target === undefined ? undefined : resolveSource(imp.target, sourceSet);
      if (imported !== undefined) addEdge(graph.files, rel, imported, at);
      if (imp.bare && isWorkspace(imp.bare.name) && imp.bare.name !== pkg.name) addEdge(graph.packages, pkg.name, imp.bare.name, at);
      for (const rule of RULES) {
        if (!rule.check || !rule.check(file, imp)) continue;
        const detail = `imports '${imp.specifier}'`;
        if (!isAllowed(rule, file, detail)) violations.push({ file, line: imp.line, rule, detail });
      }
    }
    for (const rule of RULES) {
      for (const { line, detail } of rule.checkFile?.(file, source) ?? []) {
        if (!isAllowed(rule, file, detail)) violations.push({ file, line, rule, detail });
      }
    }
  }
}

for (const pkg of workspace.values()) {
  const file = { rel: `${pkg.dir}/package.json`, pkg };
  for (const rule of RULES) {
    for (const { line, detail } of rule.checkManifest?.(pkg, pkg.manifestText) ?? []) {
      if (!isAllowed(rule, file, detail)) violations.push({ file, line, rule, detail });
    }
  }
}

for (const rule of RULES) {
  for (const { file, line, detail } of rule.checkGraph?.(graph) ?? []) {
    if (!isAllowed(rule, file, detail)) violations.push({ file, line, rule, detail });
  }
}

// The list describes this repository, and only shrinks: an exception that no longer occurs here
// (fixed, or its file gone) must be struck from it.
if (path.resolve(root) === path.resolve(repositoryRoot)) {
  for (const entry of ALLOWED.filter((candidate) => !usedAllowances.has(candidate))) {
    const rule = { id: 'stale-allowance', reason: 'this allowed exception no longer occurs: remove it from ALLOWED in tools/check-layering.mjs' };
    violations.push({ file: { rel: entry.file }, line: 1, rule, detail: `${entry.rule}${entry.detail ? `: ${entry.detail}` : ''}` });
  }
}

for (const v of violations) console.log(`${v.file.rel}:${v.line}: ${v.rule.id} (${v.detail}) — ${v.rule.reason}`);
if (violations.length > 0) {
  console.log(`layering: ${violations.length} violation(s) in ${fileCount} files; see the rules at the top of tools/check-layering.mjs`);
  process.exit(1);
}
console.log(`layering: ${RULES.length} rules hold across ${fileCount} files and ${importCount} imports (${ALLOWED.length} allowed exception(s))`);
