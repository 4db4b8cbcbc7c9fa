import type { LatencyProbeInput, LatencyProbeResult } from '../load/load-results.js';
import { runPinnedWorker } from '../process/spawn-pinned.js';
import type { RequestSpec } from '../request-spec.js';
import { LATENCY_PROBE_WORKER } from './worker-paths.js';

/**
 * The c=1 figures at microsecond resolution (latency and time to first byte), one per request:
 * all are probed in turn by one client, so the differences between them (a gateway over the bare
 * proxy, a retried request over its healthy twin) meet the same spells of a busy machine.
 */
export function measureLatencyProbe(requests: readonly RequestSpec[], rounds: number): Promise<LatencyProbeResult[]> {
  const input: LatencyProbeInput = { requests, rounds };
  return runPinnedWorker<LatencyProbeResult[]>(LATENCY_PROBE_WORKER, input);
}
