import autocannon from 'autocannon';
import { printWorkerResult, readWorkerInput, type ThroughputInput, type ThroughputResult } from './load-results.js';

// A child process (pinned to the load core): one autocannon run at fixed concurrency.

const input = readWorkerInput<ThroughputInput>();
const result = await autocannon({
  url: input.request.url,
  method: 'POST',
  headers: input.request.headers,
  body: input.request.body,
  connections: input.connections,
  duration: input.durationSeconds,
});
const output: ThroughputResult = {
  requestsPerSecond: result.requests.total / result.duration,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  completed: result.requests.total,
  failed: result.errors + result.timeouts + result.non2xx,
};
printWorkerResult(output);
