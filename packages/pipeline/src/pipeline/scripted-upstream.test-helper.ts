import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayError, type ChatCompletionRequest, type ProviderV1 } from '@modelgate/core';
import type { ProviderInstance } from '../routing/provider-instance.js';

/** What the scripted upstream does with its next request; `answer` by default. */
export type UpstreamStep = { readonly status: number; readonly headers?: Record<string, string> } | 'answer' | 'reset';

export interface ScriptedUpstream {
  readonly url: string;
  /** The `model` of every request that reached it, in order. */
  readonly received: string[];
  script(...steps: UpstreamStep[]): void;
  close(): Promise<void>;
}

/** A real HTTP upstream on 127.0.0.1 speaking just enough OpenAI chat: a completion, a scripted error status, or a reset connection. */
export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const steps: UpstreamStep[] = [];
  const received: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (piece: Buffer) => (body += piece.toString()));
    request.on('end', () => {
      const model = (JSON.parse(body) as { model: string }).model;
      received.push(model);
      const step = steps.shift() ?? 'answer';
      if (step === 'reset') {
        request.socket.destroy();
        return;
      }
      if (step !== 'answer') {
        response.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        response.end(JSON.stringify({ error: { message: `scripted ${step.status}` } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: `from ${model}` }, finish_reason: 'stop' }] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script: (...more) => steps.push(...more),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A provider instance whose chat translator speaks to `upstream`, mapping its errors by status (with `retry-after`). */
export function inlineInstance(id: string, upstreamUrl: string, family = 'inline'): ProviderInstance {
  const provider: ProviderV1 = {
    chat: {
      toUpstreamRequest: (request: ChatCompletionRequest, call) => ({
        url: `${upstreamUrl}/chat`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { ...request, model: call.upstreamModel },
        stream: request.stream === true,
      }),
      fromUpstreamResponse: (body) => body as never,
      relaysResponseVerbatim: true,
      createStreamTranslator: () => ({ onEvent: () => [], onEnd: () => [] }),
      toGatewayError: (failure) => {
        const retryAfter = failure.headers['retry-after'];
        return new GatewayError({ status: failure.status, message: `upstream ${failure.status}`, headers: typeof retryAfter === 'string' ? { 'retry-after': retryAfter } : {} });
      },
    },
  };
  return { id, family, source: '(test)', plugin: {} as never, provider, unlistedModelPatterns: [] };
}

/** The request target of a chat completion, for tests that run one. */
export const CHAT_TARGET = { path: '/v1/chat/completions', query: {} } as const;
