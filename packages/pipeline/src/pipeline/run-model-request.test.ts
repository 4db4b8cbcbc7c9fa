import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GatewayError, invalidRequest, type ChatCompletionRequest, type ProviderV1 } from '@modelgate/core';
import { Exchange } from '../exchange/exchange.js';
import { openAiChatFront } from '../fronts/chat/openai-chat-front.js';
import { ModelRouter } from '../routing/model-router.js';
import type { ProviderInstance } from '../routing/provider-instance.js';
import { DEFAULT_UPSTREAM_CONFIG } from '../transport/upstream-config.js';
import { GotUpstreamTransport } from '../transport/got-upstream-transport.js';
import type { ClientReply } from './client-reply.js';
import type { PipelineExtension } from './pipeline-extension.js';
import { runModelRequest } from './run-model-request.js';

// The pipeline's order, proved on a real upstream over HTTP with a minimal inline provider: what
// each step lets through decides whether the next one runs.

const [chat] = openAiChatFront.operations;
const COMPLETION = { id: 'c1', object: 'chat.completion', created: 1, model: 'up', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } };

let upstream: Server;
let upstreamUrl: string;
const received: IncomingMessage[] = [];
/** How the upstream answers the next request: at once, or never (to watch an abort). */
let stall = false;

function provider(): ProviderV1 {
  return {
    chat: {
      toUpstreamRequest(request: ChatCompletionRequest) {
        if (request.messages[0]?.content === 'untranslatable') throw invalidRequest('this vendor cannot take that message', 'messages');
        return { url: `${upstreamUrl}/chat`, method: 'POST', headers: { 'content-type': 'application/json' }, body: { ...request, model: 'up' }, stream: false };
      },
      fromUpstreamResponse: (body) => body as never,
      relaysResponseVerbatim: true,
      createStreamTranslator: () => ({ onEvent: () => [], onEnd: () => [] }),
      toGatewayError: (failure) => new GatewayError({ status: failure.status, message: 'upstream failed' }),
    },
    relayedResponseHeaders: ['x-vendor-model'],
  };
}

function models(): ModelRouter {
  const instance: ProviderInstance = { id: 'inline', family: 'inline', source: '(test)', plugin: {} as never, provider: provider(), unlistedModelPatterns: [] };
  return new ModelRouter([{ id: 'house', provider: 'inline' }], new Map([['inline', instance]]), 0);
}

interface Recorded {
  readonly steps: string[];
  readonly reply: ClientReply;
}

function recordingReply(steps: string[]): ClientReply {
  return {
    setHeaders: (headers) => steps.push(`headers ${Object.keys(headers).sort().join(',')}`),
    sendJson: (status, body) => steps.push(`send ${status} ${typeof body === 'string' ? body.length : 'object'}`),
    openEventStream: () => new PassThrough(),
  };
}

function run(body: unknown, options: { allowedEndpoints?: string[]; admission?: PipelineExtension } = {}) {
  const steps: string[] = [];
  const observer: PipelineExtension = { id: 'observer', open: () => ({ answerComplete: (status) => steps.push(`answer complete ${status}`) }) };
  const extensions = [...(options.admission ? [options.admission] : []), observer];
  const exchange = new Exchange({ requestId: 'r1', startedAt: process.hrtime.bigint(), key: { id: 'k1', allowedEndpoints: options.allowedEndpoints }, endpoint: chat.endpoint, extensions });
  const recorded: Recorded = { steps, reply: recordingReply(steps) };
  const transport = new GotUpstreamTransport(DEFAULT_UPSTREAM_CONFIG);
  const done = runModelRequest(
    {
      exchange,
      operation: chat,
      target: { path: '/v1/chat/completions', query: {} },
      readBody: async () => {
        steps.push('body read');
        return { value: body };
      },
      reply: recorded.reply,
    },
    { models: models(), transport, keepAliveIntervalMs: 15_000, logger: { warn: () => undefined, error: () => undefined } },
  ).finally(() => transport.close());
  return { exchange, steps, done };
}

const admitting = (steps: string[] = []): PipelineExtension => ({
  id: 'limits',
  open: () => ({
    admit: async (target) => {
      steps.push(`admit ${target.model} ${target.estimate.totalTokens > target.estimate.promptTokens}`);
      return { 'x-ratelimit-remaining-requests': '9' };
    },
  }),
});

beforeAll(async () => {
  upstream = createServer((request, response) => {
    received.push(request);
    request.resume();
    if (stall) return;
    response.writeHead(200, { 'content-type': 'application/json', 'x-vendor-model': 'up-2', 'x-request-id': 'vendor-1' });
    response.end(JSON.stringify(COMPLETION));
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('runModelRequest', () => {
  it('runs resolve → translate → admit → attempt → answer, and marks the answer complete before sending it', async () => {
    const before = received.length;
    const admissionSteps: string[] = [];
    const { exchange, steps, done } = run({ model: 'house', messages: [{ role: 'user', content: 'hi' }] }, { admission: admitting(admissionSteps) });
    await done;
    expect(admissionSteps).toEqual(['admit house true']);
    expect(received.length - before).toBe(1);
    expect(steps).toEqual([
      'body read',
      'headers x-ratelimit-remaining-requests',
      'headers x-modelgate-attempts,x-modelgate-deployment,x-modelgate-model,x-upstream-request-id,x-vendor-model',
      'answer complete 200',
      `send 200 ${JSON.stringify(COMPLETION).length}`,
    ]);
    expect(exchange).toMatchObject({ admitted: true, stage: 'responding', model: 'house', provider: 'inline', stream: false });
    expect(exchange.usage).toEqual(COMPLETION.usage);
    expect(exchange.attempts).toEqual([expect.objectContaining({ provider: 'inline', upstreamModel: 'house', status: 200 })]);
  });

  it('checks the endpoint scope before reading the body', async () => {
    const { steps, done } = run({ model: 'house', messages: [] }, { allowedEndpoints: ['responses'] });
    await expect(done).rejects.toMatchObject({ status: 403, code: 'endpoint_not_permitted' });
    expect(steps).toEqual([]);
  });

  it('takes no budget or limit for a request it cannot translate, and calls no upstream', async () => {
    const before = received.length;
    const admissionSteps: string[] = [];
    const { exchange, done } = run({ model: 'house', messages: [{ role: 'user', content: 'untranslatable' }] }, { admission: admitting(admissionSteps) });
    await expect(done).rejects.toMatchObject({ status: 400, param: 'messages', message: 'this vendor cannot take that message' });
    expect(admissionSteps).toEqual([]);
    expect(received.length).toBe(before);
    expect(exchange.admitted).toBe(false);
  });

  it('calls no upstream when admission refuses', async () => {
    const before = received.length;
    const refusing: PipelineExtension = { id: 'limits', open: () => ({ admit: async () => Promise.reject(new GatewayError({ status: 429, message: 'slow down', code: 'rate_limit_exceeded' })) }) };
    const { exchange, done } = run({ model: 'house', messages: [{ role: 'user', content: 'hi' }] }, { admission: refusing });
    await expect(done).rejects.toMatchObject({ status: 429 });
    expect(received.length).toBe(before);
    expect(exchange).toMatchObject({ admitted: false, attempts: [] });
  });

  it('answers an unknown model 404 before translating', async () => {
    const { exchange, done } = run({ model: 'elsewhere', messages: [{ role: 'user', content: 'hi' }] });
    await expect(done).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    expect(exchange.route).toBeUndefined();
  });

  it('aborts the upstream call when the client leaves, and the exchange says how the request ended', async () => {
    stall = true;
    try {
      const before = received.length;
      const { exchange, done } = run({ model: 'house', messages: [{ role: 'user', content: 'hi' }] });
      while (received.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const upstreamRequest = received.at(-1)!;
      const upstreamClosed = once(upstreamRequest.socket, 'close');
      exchange.close({ finished: false, headersSent: false, cutByShutdown: false }, () => ({ status: 200, bodyComplete: true }));
      await expect(done).rejects.toBeDefined();
      await upstreamClosed;
      await expect(exchange.ended).resolves.toEqual({ status: 499, outcome: 'client_aborted', stage: 'upstream' });
    } finally {
      stall = false;
    }
  });
});
