import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { commandLine, descendants, startNpmStart, type NpmStart } from '../support/npm-start.js';

// The README's way of stopping `npm start` besides Ctrl-C: SIGTERM to the `node tools/bootstrap.mjs`
// process (issue 37). The process a reader finds under npm with that command line must be the one
// that forwards the signal to the gateway, on every run: after the first install, `node` on npm's
// PATH is the pinned runtime's shell shim, which does not pass a signal on.

let folder: string | undefined;
let started: NpmStart | undefined;

afterAll(async () => {
  await started?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function gatewayAnswers(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/health`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('stops the gateway when SIGTERM reaches the node tools/bootstrap.mjs process', async () => {
    folder = await mkdtemp(join(tmpdir(), 'modelgate-npm-start-'));
    started = await startNpmStart(join(folder, 'data'));
    expect(await gatewayAnswers(started.origin)).toBe(true);
    // The nearest process under npm that runs the bootstrap, as `ps` shows it to a reader.
    const bootstrap = descendants(started.npm.pid!).find((pid) => commandLine(pid).includes('tools/bootstrap.mjs start'));
    expect(commandLine(bootstrap!)).toMatch(/\bnode tools\/bootstrap\.mjs start$/);
    const gateway = descendants(bootstrap!).find((pid) => commandLine(pid).includes('dist/main.js'));
    expect(gateway).toBeDefined();

    const npmExited = once(started.npm, 'exit');
    process.kill(bootstrap!, 'SIGTERM');
    await npmExited;
    // The gateway itself is gone (not orphaned and still serving), and so is its port.
    expect({ gatewayRunning: commandLine(gateway!) !== '', answers: await gatewayAnswers(started.origin) }).toEqual({ gatewayRunning: false, answers: false });
  }, 240_000);
});
