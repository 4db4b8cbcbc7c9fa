import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { UpstreamSignerV1 } from '@modelgate/core';
import { Exchange } from '../exchange/exchange.js';
import { openAiChatFront } from '../fronts/chat/openai-chat-front.js';
import { DeploymentBook } from '../routing/deployment-book.js';
import { ModelRouter } from '../routing/model-router.js';
import { DEFAULT_UPSTREAM_CONFIG } from '../transport/upstream-config.js';
import { UndiciUpstreamTransport } from '../transport/undici-upstream-transport.js';
import type { ClientReply } from './client-reply.js';
import { DEFAULT_RETRY_POLICY } from './retry-policy.js';
import { runModelRequest } from './run-model-request.js';
import { CHAT_TARGET, inlineInstance } from './scripted-upstream.test-helper.js';

// A provider's signer (ProviderV1.signer) over real HTTP: the upstream recomputes an HMAC over the
// bytes it received, as AWS does for SigV4, and refuses a request whose signature does not match.
const [chat] = openAiChatFront.operations;
const SECRET = 'upstream-secret';

const signature = (secret: string, method: string, path: string, body: string) => createHmac('sha256', secret).update(`${method}\n${path}\n${body}`).digest('hex');

interface Received {
  readonly body: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

let server: Server;
let url: string;
const received: Received[] = [];
const transport = new UndiciUpstreamTransport(DEFAULT_UPSTREAM_CONFIG);

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (piece: Buffer) => (body += piece.toString()));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      if (request.headers['x-signature'] !== signature(SECRET, request.method!, request.url!, body)) {
        response.writeHead(403, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'The request signature we calculated does not match the signature you provided.' }));
        return;
      }
      const model = (JSON.parse(body) as { model: string }).model;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: 'signed' }, finish_reason: 'stop' }] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await transport.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => void (received.length = 0));

function hmacSigner(secret: string, calls: string[] = []): UpstreamSignerV1 {
  return {
    sign: async (request) => {
      calls.push(request.body ?? '');
      return { 'x-signature': signature(secret, request.method, new URL(request.url).pathname, request.body ?? '') };
    },
  };
}

async function run(signer: UpstreamSignerV1 | undefined, retry = DEFAULT_RETRY_POLICY) {
  const base = inlineInstance('signed', url);
  const instance = { ...base, provider: { ...base.provider, ...(signer && { signer }) } };
  const models = new ModelRouter([{ id: 'house', provider: 'signed', upstreamModel: 'm-signed' }], new Map([[instance.id, instance]]), 0);
  let sent: { status: number; body: string | object } | undefined;
  const reply: ClientReply = { setHeaders: () => undefined, sendJson: (status, body) => (sent = { status, body }), openEventStream: () => new PassThrough() };
  const exchange = new Exchange({ requestId: 'r', startedAt: process.hrtime.bigint(), key: { id: 'k' }, endpoint: 'chat' });
  const error = await runModelRequest(
    { exchange, operation: chat!, target: CHAT_TARGET, readBody: async () => ({ value: { model: 'house', messages: [{ role: 'user', content: 'héllo' }] } }), reply },
    { models, transport, keepAliveIntervalMs: 15_000, logger: { warn: () => undefined, error: () => undefined }, retry, deployments: new DeploymentBook() },
  ).then(
    () => undefined,
    (failure: unknown) => failure as { status?: number; code?: string; kind?: string; message?: string },
  );
  return { sent, error };
}

describe("a provider's signer", () => {
  it('signs the exact bytes the upstream receives, after translation', async () => {
    const calls: string[] = [];
    const { sent, error } = await run(hmacSigner(SECRET, calls));
    expect(error).toBeUndefined();
    expect(sent?.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(calls).toEqual([received[0]!.body]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ model: 'm-signed' });
  });

  it('leaves a provider without a signer unsigned (contract v1 stays as it was)', async () => {
    const { error } = await run(undefined);
    expect(error).toMatchObject({ status: 403 });
    expect(received[0]!.headers['x-signature']).toBeUndefined();
  });

  it('reaches the upstream with a wrong signature when the secret is wrong, and the upstream refuses it', async () => {
    const { error } = await run(hmacSigner('wrong-secret'));
    expect(error).toMatchObject({ status: 403, kind: 'permission' });
  });

  it('signs each attempt afresh', async () => {
    const calls: string[] = [];
    let attempt = 0;
    // The first attempt's signature is wrong; the retry policy retries the 403 only if told to, so allow it.
    const signer: UpstreamSignerV1 = { sign: async (request) => (attempt++ === 0 ? { 'x-signature': 'stale' } : hmacSigner(SECRET, calls).sign(request, new AbortController().signal)) };
    const { sent } = await run(signer, { ...DEFAULT_RETRY_POLICY, maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, retryOn: ['permission'] });
    expect(sent?.status).toBe(200);
    expect(received.map((request) => request.headers['x-signature'])).toEqual(['stale', signature(SECRET, 'POST', '/chat', received[1]!.body)]);
  });

  it('turns a signer that fails into a 502 that quotes none of its message, before anything is sent', async () => {
    const { error } = await run({ sign: () => Promise.reject(new Error('token endpoint said: client secret abc123 is invalid')) });
    expect(error).toMatchObject({ status: 502, kind: 'authentication', code: 'upstream_credentials_unavailable' });
    expect(error?.message).not.toContain('abc123');
    expect(received).toEqual([]);
  });
});
