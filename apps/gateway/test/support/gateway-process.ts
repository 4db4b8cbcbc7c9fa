import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';

const MAIN_SCRIPT = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
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
export async function startGatewayProcess(
  directory: string,
  name: string,
  config: GatewayConfigInput,
  extraEnv: Readonly<Record<string, string>> = {},
): Promise<GatewayProcess> {
  const configPath = join(directory, `${name}.yaml`);
  await writeFile(configPath, stringify(config));
  const child = spawn(process.execPath, [MAIN_SCRIPT], {
    env: { PATH: process.env.PATH ?? '', MODELGATE_CONFIG: configPath, MODELGATE_DATA_DIR: directory, ...extraEnv },
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
      if (listening) {
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
