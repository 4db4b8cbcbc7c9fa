import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where a reader types `npm start`. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Vendor keys or a config in the test's environment would start another profile than the demo. */
const PROFILE_VARIABLES = /^(OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|DEEPSEEK_|MODELGATE_)|^NODE_OPTIONS$|^PORT$/;

export interface NpmStart {
  /** The `npm` process the test spawned (its own process group). */
  readonly npm: ChildProcess;
  /** e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** The service key the banner printed. */
  readonly key: string;
  /** Everything printed so far. */
  output(): string;
  /** Sends the whole process group SIGINT (what Ctrl-C does) and waits for npm to exit. */
  stop(): Promise<void>;
}

/**
 * `npm start` at the repository's root (or a clone's, `root`), as the README says (the bootstrap,
 * its install and build, then the demo profile), on a free port and with its data in
 * `dataDirectory`; resolves once the banner says where it listens.
 */
export async function startNpmStart(dataDirectory: string, root = REPOSITORY_ROOT): Promise<NpmStart> {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !PROFILE_VARIABLES.test(name)));
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...environment, ...packageCaches(), MODELGATE_PORT: '0', MODELGATE_DATA_DIR: dataDirectory, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = async () => {
    const exited = npm.exitCode === null && npm.signalCode === null ? once(npm, 'exit') : Promise.resolve();
    try {
      // The whole group, npm gone or not: a process it left behind (the bug this guards) is in it too.
      process.kill(-npm.pid!, 'SIGINT');
    } catch {
      // The group is gone already.
    }
    await exited;
    npm.stdout.destroy();
    npm.stderr.destroy();
  };
  return await new Promise<NpmStart>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start in time:\n${output}`)), 200_000);
    npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    const look = (chunk: Buffer) => {
      output += String(chunk);
      const listening = /listening on (http:\/\/\S+)\/v1/.exec(output);
      const key = /Service key \(shown once\): (mg-\S+)/.exec(output);
      if (listening && key && output.includes('Try it:')) {
        clearTimeout(timer);
        resolve({ npm, origin: listening[1]!, key: key[1]!, output: () => output, stop });
      }
    };
    npm.stdout.on('data', look);
    npm.stderr.on('data', look);
  });
}

/** The store this repository was installed from, so that a clone's install takes its packages from it (offline when it can). */
function packageCaches(): Record<string, string> {
  const storeDir = /^\s*"?storeDir"?:\s*"?([^"\n]+?)"?,?\s*$/m.exec(readFileSync(join(REPOSITORY_ROOT, 'node_modules', '.modules.yaml'), 'utf8'))?.[1];
  return { npm_config_prefer_offline: 'true', ...(storeDir ? { npm_config_store_dir: storeDir } : {}) };
}

/**
 * A fresh clone of the repository's committed state (`git clone`), as a newcomer starts: no
 * node_modules, no build. Returns its folder, inside `parent`.
 */
export function cloneRepository(parent: string): string {
  const clone = join(parent, 'clone');
  execFileSync('git', ['clone', '--quiet', REPOSITORY_ROOT, clone]);
  return clone;
}

/** A process's command line, or '' once it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** A process's descendants, nearest first (Linux /proc). */
export function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(join('/proc', String(pid), 'task', String(pid), 'children'), 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return [...children, ...children.flatMap(descendants)];
}
