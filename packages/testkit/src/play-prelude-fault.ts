import type { ServerResponse } from 'node:http';
import { sleep } from './sleep.js';
import type { SimulatorFault, StatusFault, VendorErrorFormat } from './simulator-faults.js';
import { writeJsonBody } from './write-json-body.js';

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function answerStatusFault(response: ServerResponse, fault: StatusFault, format: VendorErrorFormat, vendorHeaders: Record<string, string>): void {
  const { retryAfterSeconds } = fault;
  const headers = { ...vendorHeaders, ...format.errorHeaders?.(fault.status, { retryAfterSeconds }), ...fault.headers };
  const body = fault.body ?? format.errorBody(fault.status, { retryAfterSeconds });
  if (typeof body === 'string') {
    response.writeHead(fault.status, { 'content-type': looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8', ...headers });
    response.end(body);
    return;
  }
  writeJsonBody(response, fault.status, body, headers);
}

/**
 * Plays the faults that act before a request is looked at: waits out a delay, or answers a status
 * (with the vendor's usual `headers`, its headers for that status, then the fault's own). Returns
 * true when the response has been sent and the simulator must not answer again.
 */
export async function playPreludeFault(
  fault: SimulatorFault | undefined,
  response: ServerResponse,
  format: VendorErrorFormat,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<boolean> {
  if (fault?.type === 'delay') {
    await sleep(fault.ms, signal);
    return false;
  }
  if (fault?.type === 'status') {
    answerStatusFault(response, fault, format, headers);
    return true;
  }
  return false;
}
