import type { OpenStreamsInput, OpenStreamsResult } from '../load/load-results.js';
import { LOAD_CORE, readFirstJsonLine, spawnPinnedNode } from '../process/spawn-pinned.js';
import { readRssMegabytes } from '../sampling/process-stats.js';
import type { RequestSpec } from '../scenarios.js';
import { OPEN_STREAMS_WORKER } from './worker-paths.js';

export interface OpenStreamsMeasurement extends OpenStreamsResult {
  readonly rssBeforeMegabytes: number;
  readonly rssOpenMegabytes: number;
}

/** Opens streams the simulator holds, reads the proxy's RSS while all are open, then lets them go. */
export async function measureOpenStreams(request: RequestSpec, count: number, pid: number): Promise<OpenStreamsMeasurement> {
  const rssBeforeMegabytes = readRssMegabytes(pid);
  const input: OpenStreamsInput = { request, count };
  const worker = spawnPinnedNode(LOAD_CORE, [OPEN_STREAMS_WORKER, JSON.stringify(input)], { stdout: 'pipe' });
  try {
    const result = await readFirstJsonLine<OpenStreamsResult>(worker.child);
    return { ...result, rssBeforeMegabytes, rssOpenMegabytes: readRssMegabytes(pid) };
  } finally {
    worker.child.stdin?.end();
    await worker.stop();
  }
}
