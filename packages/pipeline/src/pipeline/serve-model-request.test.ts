import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GatewayError, type ChatCompletionRequest, type ProviderV1 } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';
import { openAiChatFront } from '../fronts/chat/openai-chat-front.js';
import { ModelRouter } from '../routing/model-router.js';
import type { ProviderInstance } from '../routing/provider-instance.js';
import { DEFAULT_UPSTREAM_CONFIG } from '../transport/upstream-config.js';
import { GotUpstreamTransport } from '../transport/got-upstream-transport.js';
import type { ModelRequestHost } from './model-request-host.js';
import type { PipelineExtension, RequestHooks } from './pipeline-extension.js';
import { serveModelRequest } from './serve-model-request.js';

// The one entry and its named extension points, on a real upstream over HTTP: each point is proved
// by what the client gets and what the upstream saw.

const CHAT = { front: openAiChatFront, operation: openAiChatFront.operations[0] };
const KEY = 'sk-test';
const USAGE = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };

let upstream: Server;
let upstreamUrl: string;
let upstreamRequests = 0;

/** A chunk of the scripted stream. */
const chunk = (content: string | undefined, extra: object = {}) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'up',
  choices: content === undefined ? [] : [{ index: 0, delta: { content }, finish_reason: null }],
  ...extra,
});

function provider(): ProviderV1 {
  return {
    chat: {
      toUpstreamRequest: (request: ChatCompletionRequest) => ({
        url: `${upstreamUrl}/chat`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { ...request, model: 'up' },
        stream: request.stream === true,
      }),
      fromUpstreamResponse: (body) => body as never,
      relaysResponseVerbatim: true,
      createStreamTranslator: () => ({ onEvent: (event) => (event.data === '[DONE]' ? [] : [{ chunk: JSON.parse(event.data) }]), onEnd: () => [] }),
      toGatewayError: (failure) => new GatewayError({ status: failure.status, message: 'upstream failed' }),
    },
  };
}

function models(): ModelRouter {
  const instance: ProviderInstance = { id: 'inline', family: 'inline', source: '(test)', plugin: {} as never, provider: provider(), unlistedModelPatterns: [] };
  return new ModelRouter([{ id: 'house', provider: 'inline' }], new Map([['inline', instance]]), 0);
}

/** What the client got: a whole answer, or a stream's text once it has ended. */
interface ClientView {
  status?: number;
  body?: unknown;
  headers: Record<string, string>;
  stream?: Promise<string>;
}

/** An in-memory host: the client's side is recorded, and its connection closes when `close` is called. */
function memoryHost(body: object, key: string | undefined = KEY): { host: ModelRequestHost; client: ClientView; close: () => void; opened: () => Exchange | undefined } {
  const client: ClientView = { headers: {} };
  let closeListener: (() => void) | undefined;
  let exchange: Exchange | undefined;
  const host: ModelRequestHost = {
    requestId: 'r1',
    startedAt: process.hrtime.bigint(),
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    target: { path: '/v1/chat/completions', query: {} },
    readBody: async () => ({ value: body, text: JSON.stringify(body) }),
    reply: {
      setHeaders: (headers) => Object.assign(client.headers, headers),
      sendJson(status, sent) {
        client.status = status;
        client.body = typeof sent === 'string' ? JSON.parse(sent) : sent;
      },
      openEventStream() {
        client.status = 200;
        const output = new PassThrough();
        client.stream = new Promise((resolve) => {
          let text = '';
          output.on('data', (piece: Buffer) => (text += piece.toString()));
          output.on('end', () => resolve(text));
        });
        return output;
      },
    },
    onClose: (listener) => {
      closeListener = () => listener({ finished: true, headersSent: true, cutByShutdown: false });
    },
    responseState: () => ({ status: client.status ?? 0, bodyComplete: true }),
    opened: (created) => (exchange = created),
  };
  return { host, client, close: () => closeListener?.(), opened: () => exchange };
}

/** An extension whose hooks for each request are `hooks`, and which notes each point it is called at. */
function extension(steps: string[], hooks: RequestHooks = {}): PipelineExtension {
  return {
    id: 'test',
    open: () => ({
      ...hooks,
      admit: (target) => {
        steps.push('admit');
        return hooks.admit?.(target);
      },
      beforeUpstream: (intent) => {
        steps.push('beforeUpstream');
        return hooks.beforeUpstream?.(intent);
      },
      attemptStarted: () => void steps.push('attemptStarted'),
      afterAnswer: (answer) => {
        steps.push(`afterAnswer ${answer.stream ? 'stream' : 'whole'}`);
        return hooks.afterAnswer?.(answer);
      },
      answerComplete: (status) => void steps.push(`answerComplete ${status}`),
    }),
  };
}

async function serve(body: object, extensions: readonly PipelineExtension[], key?: string) {
  const errors: unknown[] = [];
  const transport = new GotUpstreamTransport(DEFAULT_UPSTREAM_CONFIG);
  const memory = memoryHost(body, key);
  const before = upstreamRequests;
  const served = await serveModelRequest(memory.host, CHAT, {
    models: models(),
    transport,
    extensions,
    keys: { authenticate: (presented) => (presented === KEY ? { id: 'k1' } : undefined) },
    keepAliveIntervalMs: 15_000,
    logger: { warn: () => undefined, error: (object) => void errors.push(object) },
  });
  const streamed = memory.client.stream ? await memory.client.stream : undefined;
  memory.close();
  await transport.close();
  return { ...served, client: memory.client, streamed, errors, upstreamCalls: upstreamRequests - before, opened: memory.opened() };
}

const ASK = { model: 'house', messages: [{ role: 'user', content: 'hi' }] };

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let text = '';
    request.on('data', (piece: Buffer) => (text += piece.toString()));
    request.on('end', () => {
      upstreamRequests++;
      if ((JSON.parse(text) as { stream?: boolean }).stream) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const data of [chunk('Hel'), chunk('lo'), chunk(undefined, { usage: USAGE })]) response.write(`data: ${JSON.stringify(data)}\n\n`);
        response.end('data: [DONE]\n\n');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'up', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }], usage: USAGE }));
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('serveModelRequest', () => {
  it("answers a missing or unknown key with the front's 401, before any exchange or extension exists", async () => {
    const steps: string[] = [];
    const served = await serve(ASK, [extension(steps)], 'sk-wrong');
    expect(served.client.status).toBe(401);
    expect(served.client.body).toMatchObject({ error: { code: 'invalid_api_key', message: 'Incorrect API key provided.' } });
    expect(served.exchange).toBeUndefined();
    expect(steps).toEqual([]);
    expect(served.upstreamCalls).toBe(0);
  });

  it('calls the named points in order: admit → beforeUpstream → the attempt → afterAnswer → answerComplete', async () => {
    const steps: string[] = [];
    const served = await serve(ASK, [extension(steps)]);
    expect(served.client).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'Hello' } }] } });
    expect(steps).toEqual(['admit', 'beforeUpstream', 'attemptStarted', 'afterAnswer whole', 'answerComplete 200']);
    await expect(served.exchange!.ended).resolves.toMatchObject({ status: 200, outcome: 'completed' });
  });

  it('serves an answer beforeUpstream gives like an upstream one, and calls no upstream', async () => {
    const steps: string[] = [];
    const cached = { body: { id: 'cached', choices: [{ message: { content: 'from the cache' } }] }, usage: USAGE };
    const served = await serve(ASK, [extension(steps, { beforeUpstream: () => cached })]);
    expect(served.upstreamCalls).toBe(0);
    expect(served.client).toMatchObject({ status: 200, body: cached.body });
    expect(steps).toEqual(['admit', 'beforeUpstream', 'afterAnswer whole', 'answerComplete 200']);
    expect(served.exchange).toMatchObject({ usage: USAGE, stage: 'responding', attempts: [] });
  });

  it('streams an answer beforeUpstream gives as events, through the tap, with its headers, and calls no upstream', async () => {
    const steps: string[] = [];
    const events = [`data: ${JSON.stringify(chunk('cached'))}\n\n`, 'data: [DONE]\n\n'];
    const replay = extension(steps, {
      beforeUpstream: () => ({ events, usage: USAGE, headers: { 'x-verdict': 'hit' }, cacheHit: { billed: false } }),
      afterAnswer: (answer) => (answer.stream ? { tap: { event: (text) => text.replace('cached', 'tapped') } } : undefined),
    });
    const served = await serve({ ...ASK, stream: true }, [replay]);
    expect(served.upstreamCalls).toBe(0);
    expect(served.client.headers).toMatchObject({ 'x-verdict': 'hit' });
    expect(served.streamed).toBe(`data: ${JSON.stringify(chunk('tapped'))}\n\ndata: [DONE]\n\n`);
    expect(steps).toEqual(['admit', 'beforeUpstream', 'afterAnswer stream', 'answerComplete 200']);
    expect(served.exchange).toMatchObject({ usage: USAGE, stream: true, streamOutcome: 'completed', cacheHit: { billed: false }, attempts: [] });
    await expect(served.exchange!.ended).resolves.toMatchObject({ status: 200, outcome: 'completed' });
  });

  it("sends the headers a beforeUpstream gives without an answer with the upstream's answer", async () => {
    const served = await serve(ASK, [extension([], { beforeUpstream: () => ({ headers: { 'x-verdict': 'miss' } }) })]);
    expect(served.upstreamCalls).toBe(1);
    expect(served.client.headers).toMatchObject({ 'x-verdict': 'miss' });
    expect(served.exchange?.cacheHit).toBeUndefined();
  });

  it("answers a beforeUpstream refusal in the front's envelope, records it on the exchange, and calls no upstream", async () => {
    const refusal = new GatewayError({ status: 400, kind: 'content_filter', code: 'guardrail_refused', message: 'Not that.' });
    const served = await serve(ASK, [extension([], { beforeUpstream: () => Promise.reject(refusal) })]);
    expect(served.upstreamCalls).toBe(0);
    expect(served.client).toMatchObject({ status: 400, body: { error: { code: 'guardrail_refused', message: 'Not that.' } } });
    expect(served.exchange).toMatchObject({ errorCode: 'guardrail_refused', errorKind: 'content_filter' });
  });

  it("lets afterAnswer replace a whole answer's body, each extension seeing the last one's", async () => {
    const redact = (from: string, to: string): PipelineExtension =>
      extension([], { afterAnswer: (answer) => (answer.stream ? undefined : { body: String(answer.body).replace(from, to) }) });
    const served = await serve(ASK, [redact('Hello', 'Hi there'), redact('there', 'you')]);
    expect(served.client.body).toMatchObject({ choices: [{ message: { content: 'Hi you' } }] });
  });

  it("passes a stream's events through afterAnswer's tap: the client gets the rewrite, streamChunk hooks the upstream's text", async () => {
    const seen: string[] = [];
    const tap = extension([], {
      afterAnswer: (answer) => (answer.stream ? { tap: { event: (text) => text.replace('"lo"', '"p!"') } } : undefined),
      streamChunk: (piece) => void (piece.text && seen.push(piece.text)),
    });
    const served = await serve({ ...ASK, stream: true }, [tap]);
    expect(served.streamed).toContain('"content":"Hel"');
    expect(served.streamed).toContain('"content":"p!"');
    expect(served.streamed).not.toContain('"content":"lo"');
    expect(served.streamed).toMatch(/data: \[DONE\]\n\n$/);
    expect(seen).toEqual(['Hel', 'lo']);
    expect(served.exchange).toMatchObject({ usage: USAGE, streamedCharacters: 5, streamOutcome: 'completed' });
  });

  it("ends a stream with the front's error event when the tap throws, and the exchange records the failure", async () => {
    const blocked = new GatewayError({ status: 400, kind: 'content_filter', code: 'guardrail_refused', message: 'Not that.' });
    const guard = extension([], {
      afterAnswer: (answer) =>
        answer.stream
          ? {
              tap: {
                event: (text) => {
                  if (text.includes('"lo"')) throw blocked;
                  return text;
                },
              },
            }
          : undefined,
    });
    const served = await serve({ ...ASK, stream: true }, [guard]);
    expect(served.streamed).toContain('"content":"Hel"');
    expect(served.streamed).toContain('"code":"guardrail_refused"');
    expect(served.streamed).not.toContain('[DONE]');
    await served.exchange!.ended;
    expect(served.exchange).toMatchObject({ streamOutcome: 'failed', errorCode: 'guardrail_refused', errorKind: 'content_filter' });
  });

  it('answers an unexpected error as a 500 internal_error, logged in full', async () => {
    const served = await serve(ASK, [extension([], { admit: () => { throw new TypeError('a bug'); } })]);
    expect(served.client).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    expect(served.errors).toEqual([expect.objectContaining({ requestId: 'r1', err: expect.any(TypeError) })]);
    expect(served.exchange).toMatchObject({ errorCode: 'internal_error', admitted: false });
  });
});
