import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** The cores (a `taskset -c` list) each role runs on. */
export interface CoreLayout {
  /** The proxy under test (a gateway's primary and workers, the bare proxy, Portkey). */
  readonly gateway: string;
  /** The vendor simulator. */
  readonly simulator: string;
  /** The load generators and probes. */
  readonly load: string;
}

export type CoreRole = keyof CoreLayout;

/** A 2-core machine: the proxy under test alone on one, the simulator and the load on the other. */
export const DEFAULT_CORE_LAYOUT: CoreLayout = { gateway: '0', simulator: '1', load: '1' };

let layout: CoreLayout = DEFAULT_CORE_LAYOUT;

/** Set once, from the flags, before anything starts. */
export function useCoreLayout(chosen: CoreLayout): void {
  layout = chosen;
}

export function describeCoreLayout(chosen: CoreLayout): string {
  return `proxy under test pinned to core(s) ${chosen.gateway}; simulator to ${chosen.simulator}; load generator to ${chosen.load} (taskset)`;
}

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

/** Starts `node <args>` under `taskset -c <the role's cores>`; taskset execs, so the pid is node's (its children inherit the cores). */
export function spawnPinnedNode(role: CoreRole, nodeArguments: readonly string[], options: SpawnPinnedOptions = {}): PinnedProcess {
  const child = spawn('taskset', ['-c', layout[role], process.execPath, ...nodeArguments], {
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

/** Runs a worker to completion on the load cores and returns the JSON it prints. */
export async function runPinnedWorker<T>(workerPath: string, input: unknown): Promise<T> {
  const worker = spawnPinnedNode('load', [workerPath, JSON.stringify(input)], { stdout: 'pipe' });
  return readFirstJsonLine<T>(worker.child);
}
