import { fileURLToPath } from 'node:url';

function worker(name: string): string {
  return fileURLToPath(new URL(`../load/${name}.js`, import.meta.url));
}

export const THROUGHPUT_WORKER = worker('run-throughput-worker');
export const STREAM_THROUGHPUT_WORKER = worker('run-stream-throughput-worker');
export const LATENCY_PROBE_WORKER = worker('run-latency-probe-worker');
export const OPEN_STREAMS_WORKER = worker('run-open-streams-worker');
