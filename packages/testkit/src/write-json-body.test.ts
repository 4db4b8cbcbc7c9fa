import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeJsonBody } from './write-json-body.js';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_request, response) => writeJsonBody(response, 200, { answer: 'caf\u00e9'.repeat(20) }));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function fetchRaw(headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', headers }, (response) => {
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(pieces) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('writeJsonBody', () => {
  it('compresses the answer with gzip for a client that accepts it, as vendors do', async () => {
    const { headers, body } = await fetchRaw({ 'accept-encoding': 'gzip, deflate, br' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(JSON.parse(gunzipSync(body).toString())).toEqual({ answer: 'caf\u00e9'.repeat(20) });
  });

  it('sends plain JSON to a client that does not', async () => {
    const { headers, body } = await fetchRaw({});
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString())).toEqual({ answer: 'caf\u00e9'.repeat(20) });
  });
});
