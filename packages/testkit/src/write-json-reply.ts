import type { ServerResponse } from 'node:http';
import { flushWrite } from './flush-write.js';
import { sleep } from './sleep.js';
import type { SimulatorFault, VendorErrorFormat } from './simulator-faults.js';
import { writeJsonBody } from './write-json-body.js';

export interface JsonReplyOptions {
  fault: SimulatorFault | undefined;
  format: VendorErrorFormat;
  signal: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends a successful non-streaming answer, bent by a stream fault when one is scripted (see SimulatorFault). */
export async function writeJsonReply(response: ServerResponse, body: unknown, options: JsonReplyOptions): Promise<void> {
  const { fault, headers = {} } = options;
  const text = JSON.stringify(body);
  const head = { 'content-type': 'application/json', ...headers };
  switch (fault?.type) {
    case 'reset-mid-stream':
      response.writeHead(200, { ...head, 'content-length': String(Buffer.byteLength(text)) });
      await flushWrite(response, text.slice(0, Math.floor(text.length / 2)));
      response.destroy();
      return;
    case 'malformed-chunk':
      response.writeHead(200, head);
      response.end('{not json');
      return;
    case 'stall':
      response.writeHead(200, head);
      response.flushHeaders();
      await sleep(fault.ms, options.signal);
      response.end(text);
      return;
    case 'mid-stream-error':
      writeJsonBody(response, 200, options.format.errorBody(500, { message: fault.message }), headers);
      return;
    default:
      writeJsonBody(response, 200, body, headers);
  }
}
