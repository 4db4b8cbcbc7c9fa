import { Agent } from 'node:http';
import { percentile, printWorkerResult, readWorkerInput, type LatencyProbeInput, type LatencyProbeResult } from './load-results.js';
import { sendTimedRequest } from './send-timed-request.js';

// A child process (pinned to the load core): requests one after another, each probed request on
// its own keep-alive connection and in turn with the others, timing each answer and its first body
// byte to the microsecond. Prints one result per probed request, in their order.

const input = readWorkerInput<LatencyProbeInput>();
const probes = input.requests.map((request) => ({ request, agent: new Agent({ keepAlive: true, maxSockets: 1 }), totals: [] as number[], firstBytes: [] as number[], failed: 0 }));
for (let round = 0; round < input.rounds; round++) {
  for (const probe of probes) {
    try {
      const timed = await sendTimedRequest(probe.request, probe.agent);
      if (timed.status !== 200) probe.failed++;
      probe.totals.push(timed.total);
      probe.firstBytes.push(timed.firstByte);
    } catch {
      probe.failed++;
    }
  }
}
const output = probes.map(({ agent, totals, firstBytes, failed }): LatencyProbeResult => {
  agent.destroy();
  totals.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  return {
    latencyP50: percentile(totals, 0.5),
    latencyP99: percentile(totals, 0.99),
    firstByteP50: percentile(firstBytes, 0.5),
    firstByteP99: percentile(firstBytes, 0.99),
    failed,
  };
});
printWorkerResult(output);
