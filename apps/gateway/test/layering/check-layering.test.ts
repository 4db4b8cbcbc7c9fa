import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';

// tools/check-layering.mjs runs first in `npm test`; these cases prove each of its rules catches a
// deliberate violation in a small fixture repository, and that this repository passes.
const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const SCRIPT = join(REPOSITORY_ROOT, 'tools', 'check-layering.mjs');

const manifest = (name: string, subpaths: readonly string[] = ['.']): string =>
  JSON.stringify({ name, exports: Object.fromEntries(subpaths.map((subpath) => [subpath, `./dist/${subpath}/index.js`])) });

/** A small repository that keeps every rule: one of each kind of package, each with a typical import. */
const CLEAN_TREE: Readonly<Record<string, string>> = {
  'packages/core/package.json': manifest('@modelgate/core'),
  'packages/core/src/index.ts': "import { createHash } from 'node:crypto';\n// import Koa from 'koa'; (a comment, not an import)\nexport const hash = createHash;\n",
  'packages/core/src/schema.test.ts': "import Ajv from 'ajv';\nexport const ajv = new Ajv();\n",
  'packages/provider-openai-compatible/package.json': manifest('@modelgate/provider-openai-compatible'),
  'packages/provider-openai-compatible/src/index.ts': "import type { X } from '@modelgate/core';\nexport default {};\nexport type { X };\n",
  'packages/provider-demo/package.json': JSON.stringify({
    ...(JSON.parse(manifest('@modelgate/provider-demo', ['.', './testing'])) as object),
    peerDependencies: { '@modelgate/core': '^1.0.0' },
    devDependencies: { '@modelgate/testkit': 'workspace:*' },
  }),
  'packages/provider-demo/src/index.ts': [
    "import { demoProvider } from './demo-provider.js';",
    '',
    'export default demoProvider;',
    "export { createDemoTranslator } from './demo-provider.js';",
    "export type { DemoSettings } from './demo-provider.js';",
    '',
  ].join('\n'),
  'packages/provider-demo/src/demo-provider.ts': [
    "import { randomUUID } from 'node:crypto';",
    "import { defineProvider } from '@modelgate/core';",
    "import { createOpenAiCompatibleProvider } from '@modelgate/provider-openai-compatible';",
    'export type DemoSettings = object;',
    'export const demoProvider = defineProvider(createOpenAiCompatibleProvider(randomUUID()));',
    'export function createDemoTranslator(): void {}',
    '',
  ].join('\n'),
  'packages/provider-demo/src/testing/index.ts': "import { startServer } from '@modelgate/testkit';\nimport { demoProvider } from '../demo-provider.js';\nexport const start = () => startServer(demoProvider);\n",
  'packages/provider-demo/src/demo-provider.test.ts': "import { runChatConformance } from '@modelgate/conformance';\nimport { start } from './testing/index.js';\nrunChatConformance(start);\n",
  'packages/testkit/package.json': manifest('@modelgate/testkit'),
  'packages/testkit/src/index.ts': "export { isRecord } from '@modelgate/core';\n",
  'packages/conformance/package.json': manifest('@modelgate/conformance'),
  'packages/conformance/src/index.ts': "import { isRecord } from '@modelgate/core';\nexport const runChatConformance = isRecord;\n",
  'packages/pipeline/package.json': manifest('@modelgate/pipeline'),
  'packages/pipeline/src/index.ts': "import { GatewayError } from '@modelgate/core';\nexport { UpstreamTransport } from './transport/upstream-transport.js';\nexport const fail = GatewayError;\n",
  'packages/pipeline/src/transport/upstream-transport.ts': "import got from 'got';\nexport const UpstreamTransport = got;\n",
  'apps/gateway/package.json': manifest('@modelgate/gateway'),
  'apps/gateway/src/index.ts': "import Koa from 'koa';\nimport demo from '@modelgate/provider-demo';\nexport const app = new Koa(demo);\n",
  'apps/gateway/src/demo/start-simulators.ts': "export const load = () => import('@modelgate/provider-demo/testing');\n",
  'apps/gateway/src/pipeline/run-pipeline.ts': "import { GatewayError } from '@modelgate/core';\nexport const run = GatewayError;\n",
  'bench/package.json': manifest('@modelgate/bench'),
  'bench/src/run-bench.ts': "import { isRecord } from '@modelgate/core';\nexport const run = isRecord;\n",
};

interface Case {
  readonly name: string;
  readonly file: string;
  readonly source: string;
  readonly rule: string;
  readonly line: number;
}

const CASES: readonly Case[] = [
  { name: 'the app importing node:http as an ES module', file: 'apps/gateway/src/bad.ts', source: "import type { Server } from 'node:http';\nimport { createServer } from 'node:http';\n", rule: 'node-http-by-require', line: 2 },
  { name: 'the pipeline importing @koa/router as an ES module', file: 'packages/pipeline/src/bad.ts', source: "export const load = () => import('@koa/router');\n", rule: 'node-http-by-require', line: 1 },
  { name: 'core importing a workspace package', file: 'packages/core/src/bad.ts', source: "import { start } from '@modelgate/testkit';\n", rule: 'core-standalone', line: 1 },
  { name: 'core importing an HTTP framework', file: 'packages/core/src/bad.ts', source: "\nimport Koa from 'koa';\n", rule: 'core-no-http', line: 2 },
  { name: 'core importing an HTTP client dynamically', file: 'packages/core/src/bad.ts', source: "export const load = () => import('undici');\n", rule: 'core-no-http', line: 1 },
  { name: 'core importing ajv outside its tests', file: 'packages/core/src/bad.ts', source: "import Ajv from 'ajv';\n", rule: 'core-ajv-tests-only', line: 1 },
  { name: 'a provider importing an HTTP client', file: 'packages/provider-demo/src/bad.ts', source: "import got from 'got';\n", rule: 'provider-dependencies', line: 1 },
  { name: "a provider's runtime code importing testkit", file: 'packages/provider-demo/src/bad.ts', source: "import {\n  startServer,\n} from '@modelgate/testkit';\n", rule: 'provider-dependencies', line: 3 },
  { name: "a provider's runtime code reaching its simulator", file: 'packages/provider-demo/src/bad.ts', source: "export { start } from './testing/index.js';\n", rule: 'provider-entry-no-testing', line: 1 },
  { name: 'a package importing the app by name', file: 'packages/testkit/src/bad.ts', source: "export const load = () => import('@modelgate/gateway');\n", rule: 'nothing-imports-the-app', line: 1 },
  { name: 'the bench requiring the app by path', file: 'bench/src/bad.cjs', source: "const app = require('../../apps/gateway/src/index.js');\n", rule: 'nothing-imports-the-app', line: 1 },
  { name: "the app importing a provider's internals", file: 'apps/gateway/src/bad.ts', source: "import { demoProvider } from '@modelgate/provider-demo/dist/demo-provider.js';\n", rule: 'app-provider-public-entry', line: 1 },
  { name: "the app's request path importing a simulator", file: 'apps/gateway/src/routes/bad.ts', source: "import { start } from '@modelgate/provider-demo/testing';\n", rule: 'app-testing-demo-only', line: 1 },
  { name: 'a deep import into any workspace package', file: 'bench/src/bad.ts', source: "import '@modelgate/core/dist/sse/index.js';\n", rule: 'public-subpaths-only', line: 1 },
  { name: 'conformance naming a provider', file: 'packages/conformance/src/bad.ts', source: "import demo from '@modelgate/provider-demo';\n", rule: 'generic-kits-no-provider', line: 1 },
  { name: 'testkit naming a provider', file: 'packages/testkit/src/bad.ts', source: "export * from '@modelgate/provider-demo/testing';\n", rule: 'generic-kits-no-provider', line: 1 },
  { name: 'the pipeline importing Koa', file: 'apps/gateway/src/pipeline/bad.ts', source: "import type { Context } from 'koa';\n", rule: 'pipeline-no-koa', line: 1 },
  { name: 'the pipeline package importing Koa', file: 'packages/pipeline/src/bad.ts', source: "import Router from '@koa/router';\n", rule: 'pipeline-no-koa', line: 1 },
  { name: 'the pipeline naming a provider', file: 'packages/pipeline/src/bad.ts', source: "import demo from '@modelgate/provider-demo';\n", rule: 'pipeline-dependencies', line: 1 },
  { name: 'the pipeline importing the test kit', file: 'packages/pipeline/src/bad.ts', source: "export * from '@modelgate/testkit';\n", rule: 'pipeline-dependencies', line: 1 },
  { name: 'the pipeline using got outside its transport', file: 'packages/pipeline/src/pipeline/bad.ts', source: "import got from 'got';\n", rule: 'transport-seam', line: 1 },
  { name: 'the app calling an upstream with its own HTTP client', file: 'apps/gateway/src/routes/bad.ts', source: "export const load = () => import('undici');\n", rule: 'transport-seam', line: 1 },
  {
    name: 'a provider listing testkit as a runtime dependency',
    file: 'packages/provider-demo/package.json',
    source: '{\n  "name": "@modelgate/provider-demo",\n  "dependencies": {\n    "@modelgate/core": "^1.0.0",\n    "@modelgate/testkit": "workspace:^"\n  }\n}\n',
    rule: 'testkit-not-a-runtime-dependency',
    line: 5,
  },
  {
    name: 'a provider taking testkit as a peer (pnpm resolves it from the app and ships it)',
    file: 'packages/provider-demo/package.json',
    source: '{\n  "name": "@modelgate/provider-demo",\n  "peerDependencies": { "@modelgate/testkit": "^1.0.0" }\n}\n',
    rule: 'testkit-not-a-runtime-dependency',
    line: 3,
  },
  {
    name: 'the app listing testkit as a runtime dependency',
    file: 'apps/gateway/package.json',
    source: '{ "name": "@modelgate/gateway", "dependencies": { "@modelgate/testkit": "workspace:*" } }\n',
    rule: 'testkit-not-a-runtime-dependency',
    line: 1,
  },
  { name: 'the app writing a field of the exchange', file: 'apps/gateway/src/middleware/bad.ts', source: "export function note(ctx) {\n  ctx.state.exchange.errorCode = 'x';\n}\n", rule: 'exchange-written-by-its-methods', line: 2 },
  { name: 'a front pushing into an exchange array', file: 'packages/pipeline/src/fronts/bad.ts', source: "// exchange.usage = u (a comment)\nexport const note = (exchange, reason) => exchange.finishReasons.push(reason);\n", rule: 'exchange-written-by-its-methods', line: 2 },
  { name: 'a relative import climbing into another package', file: 'packages/provider-demo/src/bad.ts', source: "import { isRecord } from '../../core/src/index.js';\n", rule: 'no-climbing-imports', line: 1 },
  {
    name: "a provider's entry exporting a helper value",
    file: 'packages/provider-demo/src/index.ts',
    source: `${CLEAN_TREE['packages/provider-demo/src/index.ts']}export { demoProvider } from './demo-provider.js';\n`,
    rule: 'provider-entry-exports',
    line: 6,
  },
];

let directories: string[] = [];
afterEach(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  directories = [];
});

function writeTree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'modelgate-layering-'));
  directories.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  return root;
}

function checkLayering(root?: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, root === undefined ? [SCRIPT] : [SCRIPT, root], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('tools/check-layering.mjs', () => {
  it('passes a repository that keeps every rule', () => {
    const { status, output } = checkLayering(writeTree(CLEAN_TREE));
    expect(output).toMatch(/^layering: \d+ rules hold across 15 files/);
    expect(status).toBe(0);
  });

  it.each(CASES)('fails on $name ($rule)', ({ file, source, rule, line }) => {
    const { status, output } = checkLayering(writeTree({ ...CLEAN_TREE, [file]: source }));
    expect(output).toContain(`${file}:${line}: ${rule} (`);
    expect(output).toMatch(/layering: \d+ violation\(s\)/);
    expect(status).toBe(1);
  });

  it('ignores dist/ and node_modules/', () => {
    const { status } = checkLayering(
      writeTree({
        ...CLEAN_TREE,
        'packages/core/src/dist/bad.js': "import Koa from 'koa';\n",
        'packages/core/src/node_modules/koa/index.js': "require('got');\n",
      }),
    );
    expect(status).toBe(0);
  });

  it('passes this repository', () => {
    const { status, output } = checkLayering();
    expect(output).toMatch(/^layering: \d+ rules hold/);
    expect(status).toBe(0);
  });
});
