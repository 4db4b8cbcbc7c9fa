import type { ThroughputInput, ThroughputResult } from '../load/load-results.js';
import { runPinnedWorker } from '../process/spawn-pinned.js';
import type { RequestSpec } from '../request-spec.js';
import { STREAM_THROUGHPUT_WORKER, THROUGHPUT_WORKER } from './worker-paths.js';

/** What loads a cell: autocannon, or node:http clients for the long streams (see run-stream-throughput-worker). */
export type LoadClient = 'autocannon' | 'node-http';

/** One load run at fixed concurrency, in a child process on the load core. */
export function runThroughput(request: RequestSpec, connections: number, durationSeconds: number, client: LoadClient = 'autocannon'): Promise<ThroughputResult> {
  const input: ThroughputInput = { request, connections, durationSeconds };
  return runPinnedWorker<ThroughputResult>(client === 'autocannon' ? THROUGHPUT_WORKER : STREAM_THROUGHPUT_WORKER, input);
}
