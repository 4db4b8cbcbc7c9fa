import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { authorized, dataPayloads, startTestGateway, type TestGateway } from '../support/test-gateway.js';

/** Opens a raw TCP connection to the gateway and collects whatever it sends until it closes. */
async function openSocket(gatewayUrl: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(gatewayUrl);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => undefined);
  await once(socket, 'connect');
  return { socket, received: () => text, closed };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);
}

describe('slow and greedy clients', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  const start = (server: Record<string, number> = {}) =>
    startTestGateway({ server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 64 * 1024, shutdownGraceMs: 2_000, headersTimeoutMs: 400, requestTimeoutMs: 800, ...server } });

  it('closes a connection that sends half its headers and then nothing (slowloris), without a key', async () => {
    harness = await start();
    const client = await openSocket(harness.gateway.url);
    client.socket.write('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const keepTrickling = setInterval(() => client.socket.write('a'), 100);
    try {
      await within(client.closed, 5_000, 'closing the slow connection');
    } finally {
      clearInterval(keepTrickling);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes arriving', async () => {
    harness = await start();
    const client = await openSocket(harness.gateway.url);
    client.socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":`,
    );
    await within(client.closed, 5_000, 'closing the connection with the unfinished body');
  });

  it('keeps a stream that lasts longer than the request time-outs', async () => {
    harness = await start();
    harness.simulator.enqueueFault({ type: 'stall', ms: 1_500 });
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'take your time' }] }),
    });
    expect(response.status).toBe(200);
    const payloads = dataPayloads(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const content = payloads.slice(0, -1).map((payload) => (JSON.parse(payload) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '');
    expect(content.join('')).toBe('Echo: take your time');
  });

  it('bounds the connections one address holds open, and frees a slot when one closes', async () => {
    harness = await start({ maxConnectionsPerAddress: 3, headersTimeoutMs: 10_000, requestTimeoutMs: 10_000 });
    const held = await Promise.all([1, 2, 3].map(() => openSocket(harness!.gateway.url)));
    const extra = await openSocket(harness.gateway.url);
    await within(extra.closed, 2_000, 'refusing the fourth connection');
    expect(extra.received()).toBe('');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    const health = await fetch(`${harness.gateway.url}/health`, { headers: { connection: 'close' } });
    expect(health.status).toBe(200);
    for (const client of held.slice(1)) client.socket.destroy();
  });

  it('refuses a config whose header time-out is longer than its request time-out', async () => {
    const input = { providers: [{ package: '@modelgate/provider-openai' }], server: { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 } };
    expect(() => parseGatewayConfig(input, {}, 'test')).toThrow(/headersTimeoutMs/);
  });
});
