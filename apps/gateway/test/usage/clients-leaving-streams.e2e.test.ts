import { connect, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chat, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';
import { startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.js';

const CONNECTIONS = 32;
const ROUNDS = 4;
const ROUND_MS = 400;

/**
 * A load generator's connection: streamed requests one after another on one keep-alive socket,
 * read as they come, until the socket is destroyed in the middle of whatever answer is under way
 * (what autocannon does at the end of a run, and any client killed mid-stream).
 */
function busyConnection(harness: GatewayInFrontOf<ScriptedUpstream>): Socket {
  const url = new URL(harness.baseUrl);
  const body = JSON.stringify({ model: 'gpt-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello' }] });
  const head = [
    'POST /v1/chat/completions HTTP/1.1',
    `Host: ${url.host}`,
    `Authorization: Bearer ${TEST_SERVICE_KEY}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n');
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  socket.setNoDelay(true);
  socket.on('connect', () => socket.write(head + body));
  // The next request as soon as an answer has ended (its chunked body's last frame).
  let received = '';
  socket.on('data', (piece: Buffer) => {
    received += piece.toString('latin1');
    if (received.endsWith('0\r\n\r\n')) {
      received = '';
      socket.write(head + body);
    }
  });
  return socket;
}

describe('clients that leave while their streams end', () => {
  let directory: string;
  let harness: GatewayInFrontOf<ScriptedUpstream>;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-leaving-'));
    const upstream = await startScriptedUpstream();
    harness = await startGatewayInFrontOf(upstream, {
      server: { host: '127.0.0.1', port: 0, maxConnectionsPerAddress: 0 },
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: upstream.baseUrl, apiKey: 'sk-upstream' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: join(directory, 'store.sqlite') },
      admin: { token: TEST_ADMIN_TOKEN },
    });
  });
  afterAll(async () => {
    await harness.close();
    await rm(directory, { recursive: true, force: true });
  });

  // Writing or ending a response whose client has just gone fails with EPIPE or a reset. Unheard,
  // that 'error' ends the process (this test's, as the gateway runs in it): the gateway must shrug
  // it off and go on serving.
  it('keeps serving when busy streaming connections are cut in the middle of their answers', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const sockets = Array.from({ length: CONNECTIONS }, () => busyConnection(harness));
      await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
      for (const socket of sockets) socket.destroy();
    }
    const after = await chat(harness.baseUrl, TEST_SERVICE_KEY, { model: 'gpt-test', messages: [{ role: 'user', content: 'still there?' }] });
    expect(after.status).toBe(200);
  });
});
