import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** Which core each role runs on (a 2-core machine: the proxy under test alone on one). */
export const PROXY_CORE = 0;
export const LOAD_CORE = 1;

export interface PinnedProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** False once it has exited (or was killed). */
  running(): boolean;
  stop(): Promise<void>;
}

export interface SpawnPinnedOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** `pipe` to read what it prints (the announced port, a worker's result); otherwise it is dropped. */
  readonly stdout?: 'pipe' | 'ignore';
  /** Where its stderr goes: ours (default), or an open file descriptor (a chatty server's log file). */
  readonly stderr?: 'inherit' | number;
}

/** Starts `node <args>` under `taskset -c <core>`; taskset execs, so the pid is node's. */
export function spawnPinnedNode(core: number, nodeArguments: readonly string[], options: SpawnPinnedOptions = {}): PinnedProcess {
  const child = spawn('taskset', ['-c', String(core), process.execPath, ...nodeArguments], {
    env: options.env ?? process.env,
    stdio: ['pipe', options.stdout ?? 'ignore', options.stderr ?? 'inherit'],
  });
  if (child.pid === undefined) throw new Error(`could not start node ${nodeArguments.join(' ')}`);
  const exited = once(child, 'exit');
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid,
    running,
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The first line the process prints, parsed as JSON (our entry points announce their port this way). */
export async function readFirstJsonLine<T>(child: ChildProcess): Promise<T> {
  if (!child.stdout) throw new Error('the process was started without a stdout pipe');
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the process exited (code ${String(code)}) before printing its result`);
  });
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  lines.close();
  return JSON.parse(line) as T;
}

/** Runs a worker to completion on the load core and returns the JSON it prints. */
export async function runPinnedWorker<T>(workerPath: string, input: unknown): Promise<T> {
  const worker = spawnPinnedNode(LOAD_CORE, [workerPath, JSON.stringify(input)], { stdout: 'pipe' });
  return readFirstJsonLine<T>(worker.child);
}
