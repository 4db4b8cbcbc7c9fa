import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The pinned Codex CLI's launcher; it starts the native binary shipped in the npm package. */
export const CODEX_LAUNCHER = createRequire(import.meta.url).resolve('@openai/codex/bin/codex.js');

/** The env var Codex reads the gateway key from (`env_key`). */
export const CODEX_KEY_VARIABLE = 'MODELGATE_API_KEY';

export interface CodexProviderOptions {
  /** The gateway's base URL with `/v1`. */
  baseUrl: string;
  model: string;
  /**
   * `OpenAI` makes Codex use remote (in-band) compaction; anything else gets local compaction.
   * `built-in` uses Codex's own OpenAI provider with `openai_base_url` and an API key in `auth.json`.
   */
  providerName: string | 'built-in';
  /** Extra top-level lines, e.g. `model_auto_compact_token_limit = 1000`. */
  extraSettings?: string[];
  /** Extra lines of the `[features]` table, e.g. `multi_agent = false`. */
  extraFeatures?: string[];
}

/**
 * A `config.toml` for offline, non-interactive runs (PROTOCOLS C.5, C.7): never asks for approval,
 * no analytics, no update check, no plugin or app look-ups on the internet, no retries that hide a
 * failure, and one custom provider pointing at the gateway.
 */
export function codexConfig(options: CodexProviderOptions): string {
  const builtIn = options.providerName === 'built-in';
  return [
    `model = "${options.model}"`,
    builtIn ? `openai_base_url = "${options.baseUrl}"` : 'model_provider = "modelgate"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    'check_for_update_on_startup = false',
    ...(options.extraSettings ?? []),
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[features]',
    'plugins = false',
    'apps = false',
    ...(options.extraFeatures ?? []),
    '',
    ...(builtIn
      ? []
      : [
          '[model_providers.modelgate]',
          `name = "${options.providerName}"`,
          `base_url = "${options.baseUrl}"`,
          `env_key = "${CODEX_KEY_VARIABLE}"`,
          'wire_api = "responses"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
          '',
        ]),
  ].join('\n');
}

export interface CodexRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The `--json` event lines Codex printed. */
  readonly events: Array<Record<string, unknown>>;
}

function parseJsonLines(text: string): Array<Record<string, unknown>> {
  return text.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** Runs `codex exec --skip-git-repo-check --json <prompt> </dev/null` in a fresh CODEX_HOME and working folder. */
export async function runCodex(prompt: string, options: CodexProviderOptions & { apiKey: string; timeoutMs?: number }): Promise<CodexRun> {
  const home = await mkdtemp(join(tmpdir(), 'modelgate-codex-'));
  try {
    await writeFile(join(home, 'config.toml'), codexConfig(options));
    // The built-in provider takes its key from `auth.json` (what `codex login --with-api-key` writes).
    if (options.providerName === 'built-in') await writeFile(join(home, 'auth.json'), JSON.stringify({ OPENAI_API_KEY: options.apiKey }));
    return await new Promise<CodexRun>((resolve) => {
      const child = execFile(
        process.execPath,
        [CODEX_LAUNCHER, 'exec', '--skip-git-repo-check', '--json', prompt],
        {
          cwd: home,
          timeout: options.timeoutMs ?? 60_000,
          maxBuffer: 16 * 1024 * 1024,
          env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home, [CODEX_KEY_VARIABLE]: options.apiKey, RUST_LOG: 'error', NO_COLOR: '1' },
        },
        (error, stdout, stderr) => {
          const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ exitCode, stdout, stderr, events: parseJsonLines(stdout) });
        },
      );
      child.stdin?.end();
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
