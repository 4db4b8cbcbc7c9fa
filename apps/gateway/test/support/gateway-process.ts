import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';

export const MAIN_SCRIPT = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const MODELGATE_BIN = fileURLToPath(new URL('../../bin/modelgate.mjs', import.meta.url));
/** By path: the temporary config folder cannot resolve workspace packages by name. */
export const OPENAI_PROVIDER_PATH = fileURLToPath(new URL('../../../../packages/provider-openai/dist/index.js', import.meta.url));

export interface GatewayProcess {
  readonly child: ChildProcess;
  /** e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Everything the process wrote (its JSON logs and banner). */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
}

/**
 * Runs the built gateway (`node dist/main.js`) as its own process with the config written to
 * `directory`, and resolves once it listens. Tests that need a real process boundary use it:
 * several replicas, or a SIGTERM.
 */
export async function startGatewayProcess(directory: string, name: string, config: GatewayConfigInput): Promise<GatewayProcess> {
  const configPath = join(directory, `${name}.yaml`);
  await writeFile(configPath, stringify(config));
  return spawnGatewayProcess([MAIN_SCRIPT], { name, env: { MODELGATE_CONFIG: configPath, MODELGATE_DATA_DIR: directory } });
}

export interface SpawnGatewayOptions {
  /** For error messages. */
  readonly name?: string;
  /** Added to PATH, which is all the process gets otherwise. */
  readonly env?: Record<string, string>;
  readonly cwd?: string;
}

/** Runs `node <args>` (`dist/main.js`, `bin/modelgate.mjs serve …`) with its output piped, and resolves once it listens. */
export async function spawnGatewayProcess(args: readonly string[], options: SpawnGatewayOptions = {}): Promise<GatewayProcess> {
  const name = options.name ?? 'gateway';
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output}`)), 15_000);
    void exited.then((code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
    child.stdout!.on('data', () => {
      const listening = /listening on (http:\/\/\S+)\/v1/.exec(output);
      if (listening && output.includes('Try it:')) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
  });
  return {
    child,
    url,
    output: () => output,
    async terminate() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface FinishedCommand {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node bin/modelgate.mjs <args>` to its end (at most 20 s), with `input` on its stdin. */
export function runModelgateCommand(args: readonly string[], options: SpawnGatewayOptions & { input?: string } = {}): Promise<FinishedCommand> {
  return runNodeCommand([MODELGATE_BIN, ...args], options);
}

/** Runs `node <args>` (`dist/main.js`, `bin/modelgate.mjs …`) to its end (at most 20 s), with `input` on its stdin. */
export async function runNodeCommand(args: readonly string[], options: SpawnGatewayOptions & { input?: string } = {}): Promise<FinishedCommand> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}
