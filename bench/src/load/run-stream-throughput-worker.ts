import { Agent } from 'node:http';
import { percentile, printWorkerResult, readWorkerInput, type ThroughputInput, type ThroughputResult } from './load-results.js';
import { sendTimedRequest } from './send-timed-request.js';

// A child process (pinned to the load core): `connections` clients on keep-alive node:http
// connections, each sending the request again as soon as its answer has ended, until the duration
// is over (answers under way then are waited for and counted). For the long streams: autocannon
// reads their ~500 KB answers with a JavaScript HTTP parser at ~4 ms of the load core's CPU each;
// node's own parser (llhttp) takes well under half that, leaving the load core to the simulator.

const input = readWorkerInput<ThroughputInput>();
const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
const started = performance.now();
const deadline = started + input.durationSeconds * 1000;
const latencies: number[] = [];
let failed = 0;

async function sendUntilDeadline(): Promise<void> {
  while (performance.now() < deadline) {
    try {
      const timed = await sendTimedRequest(input.request, agent);
      latencies.push(timed.total);
      if (timed.status !== 200) failed++;
    } catch {
      failed++;
    }
  }
}

await Promise.all(Array.from({ length: input.connections }, sendUntilDeadline));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const output: ThroughputResult = {
  requestsPerSecond: latencies.length / seconds,
  latencyP50: percentile(latencies, 0.5),
  latencyP99: percentile(latencies, 0.99),
  completed: latencies.length,
  failed,
};
printWorkerResult(output);
