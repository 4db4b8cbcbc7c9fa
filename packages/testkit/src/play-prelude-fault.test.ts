import { afterEach, describe, expect, it } from '@jest/globals';
import { playPreludeFault } from './play-prelude-fault.js';
import { retryAfterHeader } from './retry-after-header.js';
import type { StatusFault, VendorErrorFormat } from './simulator-faults.js';
import { startSimulatorServer, type SimulatorServer } from './simulator-server.js';

// A status fault's headers come from the vendor, never from the kit: a 429 has a `retry-after`
// only when the vendor's format sends one.

const quiet: VendorErrorFormat = { errorBody: (status) => ({ status }), midStreamErrorEvent: () => 'data: {}\n\n' };
const chatty: VendorErrorFormat = { ...quiet, errorHeaders: (status, { retryAfterSeconds }) => ({ 'x-limit': String(status), ...retryAfterHeader(retryAfterSeconds) }) };

describe('playPreludeFault: a status fault', () => {
  let server: SimulatorServer | undefined;
  afterEach(() => server?.close());

  async function answer(fault: StatusFault, format: VendorErrorFormat): Promise<Response> {
    server = await startSimulatorServer(async (_request, response, signal) => {
      await playPreludeFault(fault, response, format, signal, { 'x-vendor': 'always', 'x-limit': 'base' });
    });
    return fetch(server.url);
  }

  it('adds no retry-after of its own to a 429', async () => {
    const response = await answer({ type: 'status', status: 429 }, quiet);
    expect([response.status, response.headers.get('retry-after'), response.headers.get('x-vendor')]).toEqual([429, null, 'always']);
    expect(await response.json()).toEqual({ status: 429 });
  });

  it("sends the vendor's headers for the status and the wait asked for, then the fault's own", async () => {
    const response = await answer({ type: 'status', status: 429, retryAfterSeconds: 4, headers: { 'x-vendor': 'fault' } }, chatty);
    expect([response.headers.get('x-limit'), response.headers.get('retry-after'), response.headers.get('x-vendor')]).toEqual(['429', '4', 'fault']);
  });
});
