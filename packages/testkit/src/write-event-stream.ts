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
  /**
   * `realistic` (the default) writes each event in two pieces, and the second piece together with
   * the next event's first when both are ready at once, as TCP delivers a real vendor's stream:
   * events split and run together across reads. `tidy` writes one event per write.
   */
  framing?: 'realistic' | 'tidy';
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
 * Streams events as flushed writes, framed the way the network delivers a real upstream's (see
 * `framing`): a client must not assume one event per read. A stream fault plays after
 * `afterChunks` whole events (after the last event when the stream is shorter); a stall waits
 * between the headers and the first event.
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

  const realistic = options.framing !== 'tidy';
  // Events that are all there at once (an array) run together; events that come in their own time don't.
  const together = Symbol.iterator in Object(options.events);
  let carried = '';
  const flushCarried = async () => {
    if (carried.length > 0) await flushWrite(response, carried);
    carried = '';
  };
  const writeEvent = async (event: string) => {
    if (!realistic || event.length < 2) return flushWrite(response, carried + event).then(() => (carried = ''));
    const cut = Math.floor(event.length / 2);
    await flushWrite(response, carried + event.slice(0, cut));
    carried = event.slice(cut);
    if (!together) await flushCarried();
  };

  let written = 0;
  for await (const event of options.events) {
    if (signal.aborted) return;
    if (written === faultPosition) {
      await flushCarried();
      if ((await playFaultAt(response, options)) === 'stop') return;
    }
    await writeEvent(event);
    written++;
  }
  if (signal.aborted) return;
  if (faultPosition !== undefined && written <= faultPosition) {
    await flushCarried();
    if ((await playFaultAt(response, options)) === 'stop') return;
  }
  response.end(carried + (options.terminator ?? ''));
}
