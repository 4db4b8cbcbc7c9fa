import { setTimeout as sleep } from 'node:timers/promises';
import type { PinnedProcess } from './spawn-pinned.js';

/** Polls until the server answers at all (any status); fails when its process exits or the deadline passes. */
export async function waitForHttp(url: string, server: PinnedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (server.child.exitCode !== null) throw new Error(`the server for ${url} exited with code ${server.child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`, { cause: error });
      await sleep(100);
    }
  }
}
