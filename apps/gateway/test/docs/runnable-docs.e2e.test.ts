import { mkdir, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readDocBlocks, RUNNABLE_LANGUAGES, type DocBlock } from './doc-blocks.js';
import { DocTestSandbox, REPOSITORY, type BlockRun } from './doc-test-sandbox.js';

// Every runnable block of README.md and docs/*.md, marked with a `<!-- doc-test: … -->` comment
// (see doc-blocks.ts), runs here against a gateway this test starts, in document order: commands
// with bash -euo pipefail, JavaScript with the pinned Node.js and `openai`, configs through the
// gateway's own config parser. A document is a reader's session, each block building on the ones
// before it, so its blocks all run in order before its tests, which then judge one block each: the
// tests pass in any order (jest --randomize). A block that fails names its document and line.
const DOCUMENTS = ['README.md', ...readdirSync(join(REPOSITORY, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
const blocksByDocument = new Map(DOCUMENTS.map((document) => [document, readDocBlocks(join(REPOSITORY, document), document)]));

const where = (block: DocBlock) => `${block.document}:${block.line}`;

function expectSuccess(block: DocBlock, run: BlockRun): void {
  if (process.env.MODELGATE_DOC_TEST_LOG) process.stderr.write(`--- ${where(block)}\n${run.output}\n`);
  const expectedCode = Number(block.marker?.options.exit ?? 0);
  const pattern = block.marker?.options.expect;
  const failure =
    run.code !== expectedCode
      ? `exited ${run.code} (expected ${expectedCode})`
      : pattern && !new RegExp(pattern, 'm').test(run.output)
        ? `printed nothing matching /${pattern}/`
        : undefined;
  expect({ block: where(block), failure, output: failure ? run.output.slice(-3000) : '' }).toEqual({ block: where(block), failure: undefined, output: '' });
}

const BLOCK_TIMEOUT_MS = 200_000;

/** What running a block gave: the program's run for a command or a script, nothing for a file or a config, or what it threw. */
type BlockOutcome = { readonly run?: BlockRun } | { readonly error: unknown };

async function runBlock(sandbox: DocTestSandbox, block: DocBlock, directory: string, nextScript: () => number): Promise<BlockOutcome> {
  const { kind, options } = block.marker!;
  const code = sandbox.substitute(block.code, directory);
  switch (kind) {
    case 'sh': {
      const script = join(directory, `block-${nextScript()}.sh`);
      await writeFile(script, code);
      const cwd = options.cwd === 'repository' ? REPOSITORY : directory;
      const timeoutMs = options.timeout ? Number(options.timeout) * 1000 : undefined;
      return { run: options.background ? await sandbox.runInBackground(script, directory) : await sandbox.run('bash', ['-euo', 'pipefail', script], directory, { cwd, timeoutMs }) };
    }
    case 'node':
      await writeFile(join(directory, options.name!), code);
      return { run: await sandbox.run(process.execPath, [options.name!], directory) };
    case 'file':
      await mkdir(dirname(join(directory, options.name!)), { recursive: true });
      await writeFile(join(directory, options.name!), code);
      return {};
    case 'codex-config':
      await mkdir(join(directory, 'home', '.codex'), { recursive: true });
      await writeFile(join(directory, 'home', '.codex', 'config.toml'), code);
      return {};
    case 'config':
      await sandbox.checkConfig(block, code);
      if (options.name) await writeFile(join(directory, options.name), code);
      return {};
    case 'skip':
      return {};
  }
}

describe('runnable documentation', () => {
  let sandbox: DocTestSandbox;
  beforeAll(async () => {
    sandbox = await DocTestSandbox.start();
  });
  afterAll(() => sandbox?.close());

  it('marks every block a reader would run or save: to run, or skipped with a reason', () => {
    const unmarked = [...blocksByDocument.values()].flat().filter((block) => RUNNABLE_LANGUAGES.has(block.language) && !block.marker);
    expect(unmarked.map((block) => `${where(block)} (${block.language})`)).toEqual([]);
  });

  for (const [document, blocks] of blocksByDocument) {
    const runnable = blocks.filter((block) => block.marker && block.marker.kind !== 'skip');
    if (runnable.length === 0) continue;
    describe(document, () => {
      const outcomes = new Map<DocBlock, BlockOutcome>();
      beforeAll(async () => {
        const directory = await sandbox.enterDocument(document);
        let counter = 0;
        for (const block of runnable) {
          outcomes.set(block, await runBlock(sandbox, block, directory, () => ++counter).catch((error: unknown) => ({ error })));
        }
      }, runnable.length * BLOCK_TIMEOUT_MS);

      for (const block of runnable) {
        const { kind, options } = block.marker!;
        it(`${where(block)}: ${kind}${options.name ? ` ${options.name}` : ''}`, () => {
          const outcome = outcomes.get(block)!;
          if ('error' in outcome) throw outcome.error;
          if (outcome.run) expectSuccess(block, outcome.run);
        });
      }
    });
  }
});
