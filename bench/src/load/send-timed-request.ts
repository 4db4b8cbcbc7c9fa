import { request as sendRequest, type Agent } from 'node:http';
import type { RequestSpec } from '../request-spec.js';

export interface TimedResponse {
  readonly status: number;
  /** Milliseconds from sending to the first body byte, and to the end of the body. */
  readonly firstByte: number;
  readonly total: number;
}

function elapsedMilliseconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Sends one request and times its first body byte and its end with the monotonic clock. */
export function sendTimedRequest(spec: RequestSpec, agent: Agent): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const request = sendRequest(spec.url, { method: 'POST', headers: spec.headers, agent }, (response) => {
      let firstByte: number | undefined;
      response.on('data', () => {
        firstByte ??= elapsedMilliseconds(start);
      });
      response.on('end', () => {
        const total = elapsedMilliseconds(start);
        resolve({ status: response.statusCode ?? 0, firstByte: firstByte ?? total, total });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(spec.body);
  });
}
