import { once } from 'node:events';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { writeEventStream, type EventStreamOptions } from './write-event-stream.js';

const EVENTS = ['data: {"n":1}\n\n', 'data: {"n":2}\n\n', 'data: {"n":3}\n\n'];
const FORMAT = { errorBody: () => '{}', midStreamErrorEvent: () => '' } as unknown as EventStreamOptions['format'];

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** The body as the client's reads delivered it, one string per chunk of the chunked encoding. */
async function reads(framing: EventStreamOptions['framing']): Promise<string[]> {
  server = createServer((_request, response) => {
    void writeEventStream(response, { events: EVENTS, terminator: 'data: [DONE]\n\n', fault: undefined, format: FORMAT, signal: new AbortController().signal, framing });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, (response) => {
      const pieces: string[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece.toString()));
      response.on('end', () => resolve(pieces));
    }).on('error', reject);
  });
}

describe('writeEventStream', () => {
  it('frames events as the network does by default: split inside events and run together across them', async () => {
    const pieces = await reads(undefined);
    expect(pieces.join('')).toBe(`${EVENTS.join('')}data: [DONE]\n\n`);
    // No read ends where an event ends, and some read holds the end of one event and the start of the next.
    expect(pieces.slice(0, -1).every((piece) => !piece.endsWith('\n\n'))).toBe(true);
    expect(pieces.some((piece) => /\n\ndata/.test(piece))).toBe(true);
  });

  it('writes one event per read when asked to be tidy', async () => {
    expect(await reads('tidy')).toEqual([...EVENTS, 'data: [DONE]\n\n']);
  });
});
