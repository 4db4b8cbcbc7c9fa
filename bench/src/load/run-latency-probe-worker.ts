import { Agent } from 'node:http';
import { percentile, printWorkerResult, readWorkerInput, type LatencyProbeInput, type LatencyProbeResult } from './load-results.js';
import { sendTimedRequest } from './send-timed-request.js';

// A child process (pinned to the load core): requests one after another on one keep-alive
// connection, timing each answer and its first body byte to the microsecond.

const input = readWorkerInput<LatencyProbeInput>();
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const totals: number[] = [];
const firstBytes: number[] = [];
let failed = 0;
for (let index = 0; index < input.requests; index++) {
  const timed = await sendTimedRequest(input.request, agent);
  if (timed.status !== 200) failed++;
  totals.push(timed.total);
  firstBytes.push(timed.firstByte);
}
agent.destroy();
totals.sort((a, b) => a - b);
firstBytes.sort((a, b) => a - b);
const output: LatencyProbeResult = {
  latencyP50: percentile(totals, 0.5),
  latencyP99: percentile(totals, 0.99),
  firstByteP50: percentile(firstBytes, 0.5),
  firstByteP99: percentile(firstBytes, 0.99),
  failed,
};
printWorkerResult(output);
