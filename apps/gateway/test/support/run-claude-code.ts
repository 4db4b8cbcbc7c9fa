import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The pinned Claude Code's own fallback launcher: it starts the native binary of the platform
 * package npm installed beside it (the postinstall that would copy it over `bin/claude.exe` is not
 * run by this repository's install).
 */
export const CLAUDE_CODE_LAUNCHER = createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/cli-wrapper.cjs');

export interface ClaudeCodeOptions {
  /** The gateway's origin, without `/v1` (Claude Code adds `/v1/messages`). */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string;
  /** `bearer`: the key in ANTHROPIC_AUTH_TOKEN (`Authorization: Bearer`); `x-api-key`: in ANTHROPIC_API_KEY. */
  readonly keyIn: 'bearer' | 'x-api-key';
  /** Tools Claude Code may run without asking (`--allowedTools`). */
  readonly allowedTools?: readonly string[];
  readonly timeoutMs?: number;
  /** A conversation kept across runs (`--session-id`, then `--resume`), each run on its own model. */
  readonly session?: ClaudeCodeSession;
}

/** One Claude Code conversation over several runs: its HOME and working folder outlive each run. */
export interface ClaudeCodeSession {
  readonly id: string;
  readonly home: string;
  readonly workFolder: string;
  /** Whether a run has created the conversation (the next ones resume it). */
  started: boolean;
  close(): Promise<void>;
}

async function makeHome(): Promise<{ home: string; workFolder: string }> {
  const home = await mkdtemp(join(tmpdir(), 'modelgate-claude-code-'));
  const workFolder = join(home, 'work');
  await mkdir(workFolder);
  return { home, workFolder };
}

/** A fresh conversation for runs that pass it as `session`; `close` removes its HOME. */
export async function openClaudeCodeSession(): Promise<ClaudeCodeSession> {
  const { home, workFolder } = await makeHome();
  return { id: randomUUID(), home, workFolder, started: false, close: () => rm(home, { recursive: true, force: true }) };
}

export interface ClaudeCodeRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The `--output-format json` result, when Claude Code printed one. */
  readonly result: { type?: string; subtype?: string; is_error?: boolean; result?: string; num_turns?: number } | undefined;
  /** The working folder the run used (removed afterwards, unless it is a session's). */
  readonly workFolder: string;
}

/**
 * The environment of an offline, headless run: only the gateway (ANTHROPIC_BASE_URL on loopback)
 * and the key, no non-essential traffic (update checks, telemetry, error reports), a fresh HOME so
 * no user settings or credentials are read.
 */
export function claudeCodeEnvironment(options: ClaudeCodeOptions, home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    ANTHROPIC_BASE_URL: options.baseUrl,
    [options.keyIn === 'bearer' ? 'ANTHROPIC_AUTH_TOKEN' : 'ANTHROPIC_API_KEY']: options.apiKey,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    NO_COLOR: '1',
  };
}

function parseResult(stdout: string): ClaudeCodeRun['result'] {
  try {
    return JSON.parse(stdout.trim()) as ClaudeCodeRun['result'];
  } catch {
    return undefined;
  }
}

/**
 * Runs `claude -p <prompt> --model <model> --output-format json </dev/null` in a fresh HOME and
 * working folder, or in the session's (creating or resuming its conversation).
 */
export async function runClaudeCode(prompt: string, options: ClaudeCodeOptions): Promise<ClaudeCodeRun> {
  const { session } = options;
  const { home, workFolder } = session ?? (await makeHome());
  try {
    const args = [CLAUDE_CODE_LAUNCHER, '-p', prompt, '--model', options.model, '--output-format', 'json'];
    if (options.allowedTools) args.push('--allowedTools', options.allowedTools.join(','));
    if (session) args.push(session.started ? '--resume' : '--session-id', session.id);
    return await new Promise<ClaudeCodeRun>((resolve) => {
      const child = execFile(
        process.execPath,
        args,
        { cwd: workFolder, timeout: options.timeoutMs ?? 90_000, maxBuffer: 16 * 1024 * 1024, env: claudeCodeEnvironment(options, home) },
        (error, stdout, stderr) => {
          const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          if (session && exitCode === 0) session.started = true;
          resolve({ exitCode, stdout, stderr, result: parseResult(stdout), workFolder });
        },
      );
      child.stdin?.end();
    });
  } finally {
    if (!session) await rm(home, { recursive: true, force: true });
  }
}
