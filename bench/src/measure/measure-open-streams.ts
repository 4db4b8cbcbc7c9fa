import type { OpenStreamsInput, OpenStreamsResult } from '../load/load-results.js';
import { readFirstJsonLine, spawnPinnedNode } from '../process/spawn-pinned.js';
import { requireRssMegabytes } from '../sampling/process-stats.js';
import type { RequestSpec } from '../request-spec.js';
import { OPEN_STREAMS_WORKER } from './worker-paths.js';

export interface OpenStreamsMeasurement extends OpenStreamsResult {
  readonly rssBeforeMegabytes: number;
  readonly rssOpenMegabytes: number;
}

/** Opens streams the simulator holds, reads the proxy's RSS while all are open, then lets them go. */
export async function measureOpenStreams(request: RequestSpec, count: number, pid: number): Promise<OpenStreamsMeasurement> {
  const rssBeforeMegabytes = requireRssMegabytes(pid, 'before the streams were opened');
  const input: OpenStreamsInput = { request, count };
  const worker = spawnPinnedNode('load', [OPEN_STREAMS_WORKER, JSON.stringify(input)], { stdout: 'pipe' });
  try {
    const result = await readFirstJsonLine<OpenStreamsResult>(worker.child);
    return { ...result, rssBeforeMegabytes, rssOpenMegabytes: requireRssMegabytes(pid, 'with the streams open') };
  } finally {
    worker.child.stdin?.end();
    await worker.stop();
  }
}
