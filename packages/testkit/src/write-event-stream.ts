import type { ServerResponse } from 'node:http';
import { flushWrite } from './flush-write.js';
import { sleep } from './sleep.js';
import { MALFORMED_SSE_EVENT, type SimulatorFault, type VendorErrorFormat } from './simulator-faults.js';

export interface EventStreamOptions {
  /**
   * Framed events (`data: …\n\n`, or `event: …\ndata: …\n\n`), written one at a time. An async
   * iterable may wait between them (a vendor's keep-alive comments while it "thinks"); a fault's
   * `afterChunks` counts every item.
   */
  events: Iterable<string> | AsyncIterable<string>;
  /** Written after the last event of a clean stream, e.g. `data: [DONE]\n\n`; vendors without one omit it. */
  terminator?: string;
  fault: SimulatorFault | undefined;
  format: VendorErrorFormat;
  signal: AbortSignal;
  headers?: Record<string, string>;
}

/** What a stream fault does at its position: keep going, or stop the stream. */
async function playFaultAt(response: ServerResponse, options: EventStreamOptions): Promise<'continue' | 'stop'> {
  const { fault, format } = options;
  switch (fault?.type) {
    case 'reset-mid-stream':
      response.destroy();
      return 'stop';
    case 'malformed-chunk':
      await flushWrite(response, format.malformedEvent ?? MALFORMED_SSE_EVENT);
      return 'continue';
    case 'mid-stream-error':
      response.end(format.midStreamErrorEvent(fault.message));
      return 'stop';
    default:
      return 'continue';
  }
}

/**
 * Streams events as separate, flushed writes, so clients see them arrive one by one the way a real
 * upstream sends them. A stream fault plays after `afterChunks` events (after the last event when
 * the stream is shorter); a stall waits between the headers and the first event.
 */
export async function writeEventStream(response: ServerResponse, options: EventStreamOptions): Promise<void> {
  const { fault, signal } = options;
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...options.headers,
  });
  response.flushHeaders();
  if (fault?.type === 'stall') await sleep(fault.ms, signal);
  const faultPosition = fault !== undefined && 'afterChunks' in fault ? fault.afterChunks : undefined;

  let written = 0;
  for await (const event of options.events) {
    if (signal.aborted) return;
    if (written === faultPosition && (await playFaultAt(response, options)) === 'stop') return;
    await flushWrite(response, event);
    written++;
  }
  if (signal.aborted) return;
  if (faultPosition !== undefined && written <= faultPosition && (await playFaultAt(response, options)) === 'stop') return;
  response.end(options.terminator ?? '');
}
