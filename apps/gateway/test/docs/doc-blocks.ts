import { readFileSync } from 'node:fs';

/**
 * How a fenced block is marked in Markdown: an HTML comment on the line before it (invisible once
 * rendered), e.g.
 *
 *     <!-- doc-test: sh expect="Echo: Hello" -->
 *     <!-- doc-test: file name=index.js -->
 *     <!-- doc-test: skip reason="needs a real OpenAI key" -->
 *
 * Kinds: `sh` (run with bash -euo pipefail), `node` (saved as `name`, run with node), `file` (saved
 * as `name` for later blocks), `config` (a gateway config the gateway must accept; `fragment` adds
 * a provider), `codex-config` (a Codex config.toml, saved for the `codex` on the test's PATH),
 * `skip` (not run; `reason` says why). Options are `key=value`, `key="value with spaces"` or
 * `key='value with "quotes"'`; a bare `key` is `key=true`. `sh` and `node` take `expect=<regex>`
 * (their output must match) and `exit=<code>` (default 0); `sh` takes `background` (a server:
 * the document's later blocks talk to it once it listens), `cwd=repository` (run at the
 * repository's root instead of the document's folder) and `timeout=<seconds>` (default 60).
 */
export interface DocTestMarker {
  readonly kind: 'sh' | 'node' | 'file' | 'config' | 'codex-config' | 'skip';
  readonly options: Readonly<Record<string, string>>;
}

export interface DocBlock {
  /** Path relative to the repository root, e.g. `docs/keys-and-limits.md`. */
  readonly document: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The fence's info string, e.g. `sh`, `yaml`. */
  readonly language: string;
  readonly code: string;
  readonly marker: DocTestMarker | undefined;
}

/** Fence languages that hold something a reader runs or saves: each such block must carry a marker. */
export const RUNNABLE_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'js', 'mjs', 'javascript', 'ts', 'typescript', 'json', 'yaml', 'yml', 'toml', 'ini']);

const MARKER_KINDS = new Set<DocTestMarker['kind']>(['sh', 'node', 'file', 'config', 'codex-config', 'skip']);
const MARKER_PATTERN = /^\s*<!--\s*doc-test:\s*(.*?)\s*-->\s*$/;
const OPTION_PATTERN = /([a-z][a-z0-9-]*)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;

export function parseMarker(text: string, where: string): DocTestMarker {
  const [kind = '', ...rest] = text.split(/\s+/);
  if (!MARKER_KINDS.has(kind as DocTestMarker['kind'])) throw new Error(`${where}: unknown doc-test kind '${kind}'`);
  const options: Record<string, string> = {};
  for (const match of rest.join(' ').matchAll(OPTION_PATTERN)) options[match[1]!] = match[2] ?? match[3] ?? match[4] ?? 'true';
  if (kind === 'skip' && !options.reason) throw new Error(`${where}: a skipped block needs reason="…"`);
  if ((kind === 'file' || kind === 'node') && !options.name) throw new Error(`${where}: a ${kind} block needs name=…`);
  return { kind: kind as DocTestMarker['kind'], options };
}

/** Every fenced block of a Markdown text, with the doc-test marker on the line before it. */
export function extractDocBlocks(markdown: string, document: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[index]!);
    if (!opening) continue;
    const [, indent = '', fence = '', language = ''] = opening;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !lines[index]!.trimStart().startsWith(fence); index++) {
      body.push(lines[index]!.startsWith(indent) ? lines[index]!.slice(indent.length) : lines[index]!);
    }
    let previous = start - 1;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const markerText = previous >= 0 ? MARKER_PATTERN.exec(lines[previous]!)?.[1] : undefined;
    blocks.push({
      document,
      line: start + 1,
      language,
      code: `${body.join('\n')}\n`,
      marker: markerText === undefined ? undefined : parseMarker(markerText, `${document}:${start + 1}`),
    });
  }
  return blocks;
}

export function readDocBlocks(path: string, document: string): DocBlock[] {
  return extractDocBlocks(readFileSync(path, 'utf8'), document);
}
