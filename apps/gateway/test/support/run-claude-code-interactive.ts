import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { CLAUDE_CODE_LAUNCHER, claudeCodeEnvironment, type ClaudeCodeOptions } from './run-claude-code.js';

/** Claude Code's interactive mode, on a pseudo-terminal: what the user types, what the screen shows. */
export interface InteractiveClaudeCode {
  /** Types a line (a prompt, or a command such as `/model <id>`) and presses Enter. */
  submit(line: string): Promise<void>;
  /** Waits until Claude Code is idle: its terminal title shows the idle mark again (a spinner while it works). */
  waitForIdle(): Promise<void>;
  /** Waits until `/model` has saved `model` as the user's choice (Claude Code's settings.json). */
  waitForModel(model: string): Promise<void>;
  /** Presses Enter (confirms a dialog's highlighted choice). */
  pressEnter(): void;
  /** Waits until the screen has shown `text` (compared without whitespace: the terminal moves the cursor for spaces). */
  waitForText(text: string, timeoutMs?: number): Promise<void>;
  /** Everything the screen showed so far, without terminal control sequences nor whitespace. */
  screen(): string;
  close(): Promise<void>;
}

// Terminal control sequences (CSI, OSC) the screen text is read without.
// eslint-disable-next-line no-control-regex
const CONTROL_SEQUENCES = /\u001b\[[0-9;?<>=]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The terminal title Claude Code sets while it waits for input (a spinner glyph replaces the mark while it works). */
const IDLE_TITLE = '✳ Claude Code';

function lastTitle(output: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  return [...output.matchAll(/\u001b\]0;([^\u0007\u001b]*)/g)].at(-1)?.[1];
}

async function savedModel(home: string): Promise<unknown> {
  try {
    return (JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8')) as { model?: unknown }).model;
  } catch {
    return undefined;
  }
}

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Starts the pinned Claude Code in interactive mode (its default: auto permission mode) on a
 * pseudo-terminal made by util-linux `script`, offline against the gateway, in a fresh HOME whose
 * settings mark onboarding done and the working folder trusted, so no first-run screen waits.
 */
export async function startInteractiveClaudeCode(options: Omit<ClaudeCodeOptions, 'session' | 'timeoutMs'>): Promise<InteractiveClaudeCode> {
  const home = await mkdtemp(join(tmpdir(), 'modelgate-claude-code-tty-'));
  const workFolder = join(home, 'work');
  await mkdir(workFolder);
  await mkdir(join(home, '.claude'));
  const settings = { hasCompletedOnboarding: true, theme: 'dark', projects: { [workFolder]: { hasTrustDialogAccepted: true } } };
  await writeFile(join(home, '.claude', '.claude.json'), JSON.stringify(settings));
  const args = [CLAUDE_CODE_LAUNCHER, '--model', options.model, ...(options.allowedTools ? ['--allowedTools', options.allowedTools.join(',')] : [])];
  const command = [process.execPath, ...args].map((part) => `'${part}'`).join(' ');
  const env = { ...claudeCodeEnvironment(options, home), TERM: 'xterm-256color', COLUMNS: '160', LINES: '50' };
  // Its own process group, so closing ends `script` and Claude Code under it at once.
  const child: ChildProcess = spawn('script', ['-qfec', command, '/dev/null'], { cwd: workFolder, env, detached: true });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const screen = () => compact(output.replace(CONTROL_SEQUENCES, ''));
  const waitForText = (text: string, timeoutMs = 60_000) => eventually(() => screen().includes(compact(text)), timeoutMs, `"${text}" on the screen`);
  await waitForText('Claude Code');
  // Typing before the prompt box reads its input loses the keys (seen on a loaded machine): the
  // first line goes in once the title shows Claude Code idle.
  await eventually(() => lastTitle(output) === IDLE_TITLE, 60_000, 'Claude Code to be ready for input');
  return {
    async submit(line) {
      const seen = output.length;
      child.stdin?.write(line);
      // The prompt box echoes what was typed; Enter only once it has.
      await eventually(() => compact(output.slice(seen).replace(CONTROL_SEQUENCES, '')).includes(compact(line).slice(-8)), 60_000, 'the typed line to show');
      // A line and Enter in one write would read as a paste; a short pause makes it a key press.
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.stdin?.write('\r');
    },
    waitForText,
    waitForIdle: () => eventually(() => lastTitle(output) === IDLE_TITLE, 60_000, 'Claude Code to be idle'),
    waitForModel: (model) => eventually(async () => (await savedModel(home)) === model, 60_000, `the model ${model} chosen`),
    pressEnter: () => void child.stdin?.write('\r'),
    screen,
    async close() {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGKILL');
        await exited;
      }
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
      // Claude Code may still be flushing its session files as it dies: retried until the folder is gone.
      await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
