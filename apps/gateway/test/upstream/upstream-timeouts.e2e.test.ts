import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorized, dataPayloads, startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';
import {
  answerAfter,
  answerNormally,
  chatChunk,
  chatRequest,
  responsesRequest,
  startFakeUpstream,
  startGatewayBefore,
  type FakeUpstream,
  type GatewayBeforeUpstream,
} from './fake-upstream.js';
import { startUnacceptingListener, type UnacceptingListener } from './unaccepting-listener.js';

// timeoutMs bounds the wait for an upstream's headers; streamIdleTimeoutMs only the silences of a
// stream once its headers have arrived. A pool idle time-out far below both must not cut anything.
const timeoutMs = 1500;
const streamIdleTimeoutMs = 300;

describe('upstream time-outs', () => {
  let upstream: FakeUpstream;
  let harness: GatewayBeforeUpstream;
  let behaviour: (request: IncomingMessage, response: ServerResponse) => void = answerNormally;

  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => behaviour(request, response));
    harness = await startGatewayBefore(upstream, { timeoutMs, streamIdleTimeoutMs, idleSocketTimeoutMs: 100, keepAliveIntervalMs: streamIdleTimeoutMs / 6 });
  });
  afterAll(() => harness.close());


  async function post(path: string, body: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${harness.baseUrl}${path}`, { method: 'POST', body, headers: authorized() });
    return { status: response.status, text: await response.text() };
  }

  it('a stream whose headers come later than streamIdleTimeoutMs but within timeoutMs succeeds', async () => {
    behaviour = answerAfter(800);
    const chat = await post('/chat/completions', chatRequest(true));
    expect(chat.status).toBe(200);
    expect(dataPayloads(chat.text).at(-1)).toBe('[DONE]');
    const responses = await post('/responses', responsesRequest(true));
    expect(responses.status).toBe(200);
    expect(responses.text).toContain('event: response.completed');
  });

  it('a non-streamed answer later than the pool idle time-out succeeds', async () => {
    behaviour = answerAfter(800);
    const chat = await post('/chat/completions', chatRequest(false));
    expect(chat.status).toBe(200);
  });

  it('a stream whose headers come later than timeoutMs is a 504', async () => {
    behaviour = answerAfter(timeoutMs + 1000);
    const late = await post('/chat/completions', chatRequest(true));
    expect(late.status).toBe(504);
    expect((JSON.parse(late.text) as { error: { code: string } }).error.code).toBe('upstream_timeout');
  });

  it('a stream silent longer than streamIdleTimeoutMs after its first chunk ends with the error event', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chatChunk('Hi'));
      const timer = setTimeout(() => response.end('data: [DONE]\n\n'), streamIdleTimeoutMs + 1000);
      response.once('close', () => clearTimeout(timer));
    };
    const silent = await post('/chat/completions', chatRequest(true));
    expect(silent.status).toBe(200);
    const payloads = dataPayloads(silent.text);
    expect(payloads).not.toContain('[DONE]');
    expect((JSON.parse(payloads.at(-1)!) as { error: { code: string } }).error.code).toBe('upstream_timeout');
  });

  it('a stream kept open by keep-alive comments alone still ends at streamIdleTimeoutMs: comments are not progress', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chatChunk('Hi'));
      const timer = setInterval(() => response.write(': keep-alive\n\n\n'), streamIdleTimeoutMs / 5);
      response.once('close', () => clearInterval(timer));
    };
    const kept = await post('/chat/completions', chatRequest(true));
    expect(kept.status).toBe(200);
    const payloads = dataPayloads(kept.text);
    expect(payloads).not.toContain('[DONE]');
    expect((JSON.parse(payloads.at(-1)!) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'upstream_timeout' });
  });

  it('a chat stream whose upstream thinks in silence gets keep-alive comments, and the chunks around them whole', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chatChunk('Hmm'));
      const timer = setTimeout(() => response.end(`${chatChunk('done')}data: [DONE]\n\n`), (streamIdleTimeoutMs * 2) / 3);
      response.once('close', () => clearTimeout(timer));
    };
    const thinking = await post('/chat/completions', chatRequest(true));
    expect(thinking.text).toMatch(/data: \{[^\n]*"Hmm"[^\n]*\}\n\n(: keep-alive\n\n)+data: \{[^\n]*"done"/);
    expect(dataPayloads(thinking.text).at(-1)).toBe('[DONE]');
  });

  it('a stream with short silences between its chunks is relayed whole', async () => {
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent++ < 4) response.write(chatChunk(String(sent)));
        else {
          clearInterval(timer);
          response.end('data: [DONE]\n\n');
        }
      }, streamIdleTimeoutMs / 2);
      response.once('close', () => clearInterval(timer));
    };
    const chat = await post('/chat/completions', chatRequest(true));
    expect(dataPayloads(chat.text)).toHaveLength(5);
    expect(dataPayloads(chat.text).at(-1)).toBe('[DONE]');
  });
});

describe('the total time-out of a stream (upstream.totalTimeoutMs)', () => {
  const totalTimeoutMs = 400;
  let upstream: FakeUpstream;
  let harness: GatewayBeforeUpstream;
  let chunks = 2;

  beforeAll(async () => {
    upstream = await startFakeUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent++ < chunks) response.write(chatChunk(String(sent)));
        else {
          clearInterval(timer);
          response.end('data: [DONE]\n\n');
        }
      }, 50);
      response.once('close', () => clearInterval(timer));
    });
    harness = await startGatewayBefore(upstream, { totalTimeoutMs, streamIdleTimeoutMs: 5_000 });
  });
  afterAll(() => harness.close());

  const stream = async () => (await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', body: chatRequest(true), headers: authorized() })).text();

  it('ends a stream still running past it with the error event', async () => {
    chunks = 40;
    const payloads = dataPayloads(await stream());
    expect(payloads).not.toContain('[DONE]');
    expect((JSON.parse(payloads.at(-1)!) as { error: { code: string } }).error.code).toBe('upstream_timeout');
  });

  it('forgets a stream that finished in time: its clock never fires on the finished stream', async () => {
    chunks = 2;
    expect(dataPayloads(await stream()).at(-1)).toBe('[DONE]');
    // Past the total time-out of that finished stream: a pending timer would now destroy it with an
    // error nobody listens to, an uncaught exception in this process.
    await new Promise((resolve) => setTimeout(resolve, totalTimeoutMs * 2));
    expect(dataPayloads(await stream()).at(-1)).toBe('[DONE]');
  });
});

describe('upstream connect time-out', () => {
  let unaccepting: UnacceptingListener;
  let harness: GatewayInFrontOf<UnacceptingListener>;

  beforeAll(async () => {
    unaccepting = await startUnacceptingListener();
    harness = await startGatewayInFrontOf(unaccepting, {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 1_000 },
      // timeoutMs far longer than the test's time-out: only connectTimeoutMs can end these requests in time.
      upstream: { connectTimeoutMs: 300, timeoutMs: 60_000 },
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: unaccepting.url, apiKey: UPSTREAM_KEY } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());

  it('answers 502 upstream_unreachable once a connection does not open within connectTimeoutMs, streamed or not', async () => {
    for (const stream of [false, true]) {
      const response = await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', body: chatRequest(stream), headers: authorized() });
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect({ stream, status: response.status, code: error.code }).toEqual({ stream, status: 502, code: 'upstream_unreachable' });
    }
  });
});
