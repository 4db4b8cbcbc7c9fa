import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatCompletionChunk, ProviderV1, UpstreamStreamDecoderV1 } from '@modelgate/core';
import { Exchange } from '../exchange/exchange.js';
import { openAiChatFront } from '../fronts/chat/openai-chat-front.js';
import { DeploymentBook } from '../routing/deployment-book.js';
import { ModelRouter } from '../routing/model-router.js';
import { DEFAULT_UPSTREAM_CONFIG } from '../transport/upstream-config.js';
import { GotUpstreamTransport } from '../transport/got-upstream-transport.js';
import type { ClientReply } from './client-reply.js';
import { runModelRequest } from './run-model-request.js';
import { CHAT_TARGET, inlineInstance } from './scripted-upstream.test-helper.js';

// A provider's streamDecoder (ProviderV1.streamDecoder) over real HTTP: the upstream streams in a
// framing of its own (a 4-byte length before each JSON chunk, sent one byte at a time), the decoder
// makes SSE of it, and the chat relay and the provider's stream translator read that unchanged.
const [chat] = openAiChatFront.operations;
const CHUNKS: ChatCompletionChunk[] = ['Hel', 'lo'].map((content, index) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta: index === 0 ? { role: 'assistant', content } : { content }, finish_reason: index === 1 ? 'stop' : null }],
}));

let server: Server;
let url: string;
const transport = new GotUpstreamTransport(DEFAULT_UPSTREAM_CONFIG);

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', async () => {
      response.writeHead(200, { 'content-type': 'application/x-length-prefixed' });
      const framed = Buffer.concat(
        CHUNKS.map((chunk) => {
          const json = Buffer.from(JSON.stringify(chunk));
          const length = Buffer.alloc(4);
          length.writeUInt32BE(json.length);
          return Buffer.concat([length, json]);
        }),
      );
      for (const byte of framed) response.write(Uint8Array.of(byte));
      response.end();
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

const lengthPrefixed: UpstreamStreamDecoderV1 = {
  async *decode(body) {
    let pending = Buffer.alloc(0);
    for await (const piece of body) {
      pending = Buffer.concat([pending, piece]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
        const length = pending.readUInt32BE(0);
        yield `data: ${pending.subarray(4, 4 + length).toString('utf8')}\n\n`;
        pending = pending.subarray(4 + length);
      }
    }
    yield 'data: [DONE]\n\n';
  },
};

async function streamThrough(streamDecoder: UpstreamStreamDecoderV1 | undefined): Promise<string> {
  const base = inlineInstance('framed', url);
  const provider: ProviderV1 = {
    ...base.provider,
    chat: {
      ...base.provider.chat,
      createStreamTranslator: () => ({
        onEvent: (event) => (event.data === '[DONE]' ? [] : [{ chunk: JSON.parse(event.data) as ChatCompletionChunk }]),
        onEnd: () => [],
      }),
    },
    ...(streamDecoder && { streamDecoder }),
  };
  const instance = { ...base, provider };
  const models = new ModelRouter([{ id: 'house', provider: 'framed', upstreamModel: 'm' }], new Map([[instance.id, instance]]), 0);
  const output = new PassThrough();
  let text = '';
  output.on('data', (piece: Buffer) => (text += piece.toString()));
  const reply: ClientReply = { setHeaders: () => undefined, sendJson: () => undefined, openEventStream: () => output };
  const exchange = new Exchange({ requestId: 'r', startedAt: process.hrtime.bigint(), key: { id: 'k' }, endpoint: 'chat' });
  await runModelRequest(
    { exchange, operation: chat!, target: CHAT_TARGET, readBody: async () => ({ value: { model: 'house', stream: true, messages: [{ role: 'user', content: 'hi' }] } }), reply },
    { models, transport, keepAliveIntervalMs: 15_000, logger: { warn: () => undefined, error: () => undefined }, deployments: new DeploymentBook() },
  ).catch(() => undefined);
  if (!output.writableEnded) await once(output, 'finish');
  return text;
}

describe("a provider's stream decoder", () => {
  it('turns a framing of the vendor’s own into the SSE the relay and the stream translator read', async () => {
    const text = await streamThrough(lengthPrefixed);
    const contents = [...text.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join('');
    expect(contents).toBe('Hello');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('is what makes such a stream readable: without it the relay finds no event', async () => {
    const text = await streamThrough(undefined);
    expect(text).not.toContain('"content":"Hel"');
  });
});
