import { Agent, request as sendRequest } from 'node:http';
import { printWorkerResult, readWorkerInput, type OpenStreamsInput, type OpenStreamsResult } from './load-results.js';

// A child process (pinned to the load core): opens `count` streams that the simulator holds open,
// reports once each has delivered its first event (or failed), then keeps them open until its
// standard input closes.

const input = readWorkerInput<OpenStreamsInput>();
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const pending: Promise<boolean>[] = [];
for (let index = 0; index < input.count; index++) {
  pending.push(
    new Promise((resolve) => {
      const request = sendRequest(input.request.url, { method: 'POST', headers: input.request.headers, agent }, (response) => {
        if (response.statusCode !== 200) resolve(false);
        response.once('data', () => resolve(true));
        response.on('error', () => resolve(false));
        response.on('end', () => resolve(false));
      });
      request.on('error', () => resolve(false));
      request.end(input.request.body);
    }),
  );
}
const outcomes = await Promise.all(pending);
const open = outcomes.filter(Boolean).length;
const output: OpenStreamsResult = { open, failed: input.count - open };
printWorkerResult(output);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
