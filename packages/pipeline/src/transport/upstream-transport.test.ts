import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from '@jest/globals';
import { GatewayError, type UpstreamRequestV1 } from '@modelgate/core';
import { createUpstreamTransport } from './create-upstream-transport.js';
import { ACCEPT_ENCODING } from './decode-content-encoding.js';
import { readUpstreamText } from './read-upstream-text.js';
import { closedPort, startTestUpstream, startUnacceptingListener, type TestHandler, type TestUpstream } from './test-upstream.test-helper.js';
import { DEFAULT_UPSTREAM_CONFIG, type UpstreamConfig, type UpstreamTransportKind } from './upstream-config.js';
import type { UpstreamReply, UpstreamTransport } from './upstream-transport.js';

// One contract, two HTTP clients: every test runs against both transports, over real HTTP.
const TRANSPORTS: UpstreamTransportKind[] = ['got', 'undici'];

const opened: Array<{ close(): unknown }> = [];

afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

async function upstream(handler: TestHandler): Promise<TestUpstream> {
  const started = await startTestUpstream(handler);
  opened.push(started);
  return started;
}

function post(url: string, extra: Partial<UpstreamRequestV1> = {}): UpstreamRequestV1 {
  return { method: 'POST', url: `${url}/v1/chat/completions`, headers: { 'content-type': 'application/json' }, body: { model: 'm' }, stream: false, ...extra };
}

/** What `promise` rejected with, as a GatewayError. */
async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!GatewayError.isInstance(error)) throw new Error(`expected a GatewayError, got ${String(error)}`);
  return error;
}

function answerJson(response: ServerResponse, text = '{"ok":true}'): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(text);
}

describe.each(TRANSPORTS)('the %s upstream transport', (kind) => {
  async function transport(overrides: Partial<UpstreamConfig> = {}): Promise<UpstreamTransport> {
    const created = await createUpstreamTransport({ ...DEFAULT_UPSTREAM_CONFIG, ...overrides, transport: kind });
    opened.push(created);
    return created;
  }

  async function text(reply: Promise<UpstreamReply>, url: string): Promise<string> {
    return readUpstreamText(await reply, url);
  }

  /** A stream's first event (`data: 1`) arrives before the upstream ends it (`finish`), the rest after. */
  async function expectFirstEventBeforeTheEnd(server: TestUpstream, finish: () => void): Promise<void> {
    const client = await transport();
    const reply = await client.open(post(server.url, { stream: true }), new AbortController().signal);
    const [first] = (await once(reply.body, 'data')) as [Buffer];
    expect(first.toString()).toBe('data: 1\n\n');
    finish();
    expect(await readUpstreamText(reply, server.url)).toBe('data: [DONE]\n\n');
  }

  /**
   * One whole request and answer, and a moment after it: undici hands a connection back to its
   * pool a loop turn after the answer ended (a next request from a client comes later anyway).
   */
  async function exchange(client: UpstreamTransport, url: string, extra: Partial<UpstreamRequestV1> = {}): Promise<string> {
    const answer = await text(client.open(post(url, extra), new AbortController().signal), url);
    await sleep(5);
    return answer;
  }

  describe('requests and answers', () => {
    it('sends the method, path, headers and body as given, and asks for the codings it decodes', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      const request = post(server.url, { url: `${server.url}/v1/chat/completions?api-version=1`, headers: { authorization: 'Bearer sk-1', 'x-custom': 'kept' } });
      await text(client.open(request, new AbortController().signal), request.url);
      const [received] = server.received;
      expect(received).toMatchObject({ method: 'POST', url: '/v1/chat/completions?api-version=1', body: '{"model":"m"}' });
      expect(received!.headers).toMatchObject({
        authorization: 'Bearer sk-1',
        'x-custom': 'kept',
        host: new URL(server.url).host,
        'content-length': '13',
        'accept-encoding': ACCEPT_ENCODING,
      });
    });

    it('sends a string body as it is, and an accept-encoding of the request instead of its own', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      const request = post(server.url, { body: '{"raw": 1}', headers: { 'Accept-Encoding': 'identity' } });
      await text(client.open(request, new AbortController().signal), request.url);
      expect(server.received[0]!.body).toBe('{"raw": 1}');
      expect(server.received[0]!.headers['accept-encoding']).toBe('identity');
    });

    it('gives the status, the headers as node:http does (repeats joined, set-cookie a list) and the body', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(429, [
          ['content-type', 'application/json'],
          ['x-request-id', 'req-1'],
          ['x-ratelimit-note', 'a'],
          ['x-ratelimit-note', 'b'],
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
          ['retry-after', '3'],
          ['retry-after', '9'],
        ]);
        response.end('{"error":{"message":"slow down"}}');
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(reply.status).toBe(429);
      expect(reply.headers).toMatchObject({ 'content-type': 'application/json', 'x-request-id': 'req-1', 'x-ratelimit-note': 'a, b', 'set-cookie': ['a=1', 'b=2'], 'retry-after': '3' });
      expect(reply.limits).toEqual({ maxResponseBytes: DEFAULT_UPSTREAM_CONFIG.maxResponseBytes, maxEventBytes: DEFAULT_UPSTREAM_CONFIG.maxEventBytes, streamIdleTimeoutMs: DEFAULT_UPSTREAM_CONFIG.streamIdleTimeoutMs });
      expect(await readUpstreamText(reply, server.url)).toBe('{"error":{"message":"slow down"}}');
    });

    it('relays a body as it arrives, before the upstream has finished it', async () => {
      let finish: () => void = () => undefined;
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: 1\n\n');
        finish = () => response.end('data: [DONE]\n\n');
      });
      await expectFirstEventBeforeTheEnd(server, () => finish());
    });

    it('skips an informational answer (103 Early Hints) before the real one', async () => {
      const server = await upstream((_request, response) => {
        response.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
        answerJson(response);
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(reply.status).toBe(200);
      expect(await readUpstreamText(reply, server.url)).toBe('{"ok":true}');
    });

    it('the factory gives the transport named: only got sends its user-agent', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      await text(client.open(post(server.url), new AbortController().signal), server.url);
      const userAgent = server.received[0]!.headers['user-agent'];
      if (kind === 'got') expect(userAgent).toMatch(/^got /);
      else expect(userAgent).toBeUndefined();
    });
  });

  describe('time-outs', () => {
    it('connectTimeoutMs: a connection that never opens is a 502 upstream_unreachable, long before timeoutMs', async () => {
      const listener = await startUnacceptingListener();
      opened.push(listener);
      const client = await transport({ connectTimeoutMs: 200, timeoutMs: 10_000 });
      const startedAt = Date.now();
      const error = await gatewayError(client.open(post(`http://127.0.0.1:${listener.port}`), new AbortController().signal));
      expect(error).toMatchObject({ status: 502, code: 'upstream_unreachable' });
      expect(error.message).toContain('connectTimeoutMs');
      expect(Date.now() - startedAt).toBeLessThan(3_000);
    });

    it('timeoutMs: response headers later than it are a 504, and the request is dropped', async () => {
      const server = await upstream((_request, response) => setTimeout(() => answerJson(response), 2_000).unref());
      for (const stream of [false, true]) {
        const client = await transport({ timeoutMs: 150 });
        const error = await gatewayError(client.open(post(server.url, { stream }), new AbortController().signal));
        expect(error).toMatchObject({ status: 504, code: 'upstream_timeout' });
      }
      await server.connectionsClosed(2);
    });

    it('timeoutMs bounds the whole of a non-streamed answer: a body still arriving then fails with a 504', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"choices":[');
        setTimeout(() => response.end(']}'), 1_000).unref();
      });
      const client = await transport({ timeoutMs: 250 });
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 504, code: 'upstream_timeout' });
      await server.connectionsClosed(1);
    });

    it('a stream may be silent longer than timeoutMs once its headers came (its silences are the relays’ to time)', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: 1\n\n');
        setTimeout(() => response.end('data: 2\n\n'), 400).unref();
      });
      const client = await transport({ timeoutMs: 150, idleSocketTimeoutMs: 100 });
      const reply = await client.open(post(server.url, { stream: true }), new AbortController().signal);
      expect(await readUpstreamText(reply, server.url)).toBe('data: 1\n\ndata: 2\n\n');
    });

    it('totalTimeoutMs: a stream still running then fails with a 504 and its connection is closed', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const timer = setInterval(() => response.write('data: more\n\n'), 50);
        response.once('close', () => clearInterval(timer));
      });
      const client = await transport({ totalTimeoutMs: 300 });
      const startedAt = Date.now();
      const reply = await client.open(post(server.url, { stream: true }), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 504, code: 'upstream_timeout' });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
      await server.connectionsClosed(1);
    });
  });

  describe('abort', () => {
    it('aborting before the answer rejects the request and closes its connection', async () => {
      const server = await upstream(() => undefined);
      const client = await transport();
      const controller = new AbortController();
      const pending = client.open(post(server.url), controller.signal);
      while (server.received.length === 0) await sleep(5);
      controller.abort();
      expect(await gatewayError(pending)).toMatchObject({ status: 502 });
      await server.connectionsClosed(1);
    });

    it('aborting while the answer arrives fails its body and closes its connection', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: 1\n\n');
      });
      const client = await transport();
      const controller = new AbortController();
      const reply = await client.open(post(server.url, { stream: true }), controller.signal);
      await once(reply.body, 'data');
      controller.abort();
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 502 });
      await server.connectionsClosed(1);
    });

    it('a signal aborted already sends nothing that is answered', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      const controller = new AbortController();
      controller.abort();
      expect(await gatewayError(client.open(post(server.url), controller.signal))).toMatchObject({ status: 502 });
      expect(server.received).toHaveLength(0);
    });
  });

  describe('redirects', () => {
    it.each([301, 302, 307, 308])('a %i is not followed: 502 upstream_redirect naming only the target host', async (status) => {
      const target = await upstream((_request, response) => answerJson(response));
      const server = await upstream((_request, response) => {
        response.writeHead(status, { location: `${target.url}/steal?key=secret` });
        response.end('moved');
      });
      const client = await transport();
      const error = await gatewayError(client.open(post(server.url), new AbortController().signal));
      expect(error).toMatchObject({ status: 502, code: 'upstream_redirect' });
      expect(error.message).toContain(new URL(target.url).host);
      expect(error.message).not.toContain('secret');
      expect(target.received).toHaveLength(0);
    });
  });

  describe('size caps', () => {
    it('a non-streamed body past maxResponseBytes is a 502, and the upstream request is dropped at once', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => response.write('x'.repeat(1024)), 5);
        response.once('close', () => clearInterval(timer));
      });
      const client = await transport({ maxResponseBytes: 10 * 1024 });
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 502, code: 'upstream_response_too_large' });
      await server.connectionsClosed(1);
    });

    it('the cap counts decompressed bytes', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(zlib.gzipSync('x'.repeat(64 * 1024)));
      });
      const client = await transport({ maxResponseBytes: 16 * 1024 });
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ code: 'upstream_response_too_large' });
    });
  });

  describe('decompression', () => {
    const BODY = '{"choices":[{"message":{"content":"hello"}}]}';
    const encoded: Array<[string, Buffer]> = [
      ['gzip', zlib.gzipSync(BODY)],
      ['x-gzip', zlib.gzipSync(BODY)],
      ['deflate', zlib.deflateSync(BODY)],
      // Raw deflate data (no zlib header), as some servers send it: a stored block's first byte tells it apart.
      ['deflate', zlib.deflateRawSync(BODY, { level: 0 })],
      ['br', zlib.brotliCompressSync(BODY)],
      ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(BODY))],
      ['identity', Buffer.from(BODY)],
    ];

    it.each(encoded)('content-encoding %s arrives decoded, without its content-encoding and content-length', async (coding, bytes) => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': String(bytes.length) });
        response.end(bytes);
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await readUpstreamText(reply, server.url)).toBe(BODY);
      if (coding !== 'identity') expect(reply.headers['content-encoding']).toBeUndefined();
      if (coding !== 'identity') expect(reply.headers['content-length']).toBeUndefined();
    });

    it('an empty gzip body is an empty body', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end();
      });
      const client = await transport();
      expect(await text(client.open(post(server.url), new AbortController().signal), server.url)).toBe('');
    });

    it('a coding it cannot undo is passed on as it came', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'compress' });
        response.end('as sent');
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await readUpstreamText(reply, server.url)).toBe('as sent');
      expect(reply.headers['content-encoding']).toBe('compress');
    });

    it('a corrupt gzip body is a 502 upstream_interrupted', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(Buffer.from('this is not gzip at all'));
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 502, code: 'upstream_interrupted' });
    });

    it('a gzip stream is decoded as it arrives', async () => {
      let finish: () => void = () => undefined;
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
        const gzip = zlib.createGzip();
        gzip.pipe(response);
        gzip.write('data: 1\n\n');
        gzip.flush();
        finish = () => gzip.end('data: [DONE]\n\n');
      });
      await expectFirstEventBeforeTheEnd(server, () => finish());
    });
  });

  describe('connection failures', () => {
    it('a refused connection is a 502 upstream_unreachable', async () => {
      const client = await transport();
      const error = await gatewayError(client.open(post(`http://127.0.0.1:${await closedPort()}`), new AbortController().signal));
      expect(error).toMatchObject({ status: 502, code: 'upstream_unreachable' });
    });

    it('a connection dropped before any answer is a 502 upstream_unreachable, and a new connection is never retried', async () => {
      const server = await upstream((request) => request.socket.destroy());
      const client = await transport();
      const error = await gatewayError(client.open(post(server.url), new AbortController().signal));
      expect(error).toMatchObject({ status: 502, code: 'upstream_unreachable' });
      expect(server.received).toHaveLength(1);
    });

    it('a connection dropped while the answer arrives is a 502 upstream_interrupted', async () => {
      const server = await upstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"choices":[');
        setTimeout(() => response.socket?.destroy(), 20);
      });
      const client = await transport();
      const reply = await client.open(post(server.url), new AbortController().signal);
      expect(await gatewayError(readUpstreamText(reply, server.url))).toMatchObject({ status: 502, code: 'upstream_interrupted' });
    });
  });

  describe('keep-alive', () => {
    it('reuses a connection for the next request', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      for (let round = 0; round < 3; round++) await exchange(client, server.url);
      expect(server.received.map(({ connection, earlierOnConnection }) => [connection, earlierOnConnection])).toEqual([
        [1, 0],
        [1, 1],
        [1, 2],
      ]);
    });

    it('closes a pooled connection idle for idleSocketTimeoutMs', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      // Without an idle time-out of its own, the server neither closes idle connections nor announces a Keep-Alive time-out.
      server.server.keepAliveTimeout = 0;
      const client = await transport({ idleSocketTimeoutMs: 100 });
      await exchange(client, server.url);
      const closedAfter = Date.now();
      await server.connectionsClosed(1);
      expect(Date.now() - closedAfter).toBeLessThan(1_000);
      await exchange(client, server.url);
      expect(server.received.map((received) => received.connection)).toEqual([1, 2]);
    });

    it('close() closes the pooled connections', async () => {
      const server = await upstream((_request, response) => answerJson(response));
      const client = await transport();
      await exchange(client, server.url);
      expect(server.closedConnections()).toBe(0);
      await client.close();
      await server.connectionsClosed(1);
    });
  });

  describe('stale pooled connections', () => {
    /** Answers the first request on each connection; drops any later one unanswered (the keep-alive race, made certain). */
    const answersOncePerConnection: TestHandler = (request, response, received) => {
      if (received.earlierOnConnection === 0) answerJson(response);
      else request.socket.destroy();
    };

    it('a request dropped on a reused connection before any answer byte is sent again, once, on a new connection', async () => {
      const server = await upstream(answersOncePerConnection);
      const client = await transport();
      await exchange(client, server.url);
      expect(await exchange(client, server.url, { body: { model: 'second' } })).toBe('{"ok":true}');
      expect(server.received.map(({ connection, earlierOnConnection, body }) => [connection, earlierOnConnection, body])).toEqual([
        [1, 0, '{"model":"m"}'],
        [1, 1, '{"model":"second"}'],
        [2, 0, '{"model":"second"}'],
      ]);
    });

    it('the retry goes on a connection of its own: it is not pooled afterwards', async () => {
      const server = await upstream(answersOncePerConnection);
      const client = await transport();
      for (let round = 0; round < 3; round++) await exchange(client, server.url);
      // The second request is dropped on connection 1 and sent again on 2, which closes after it: the third needs a third.
      expect(server.received.map((received) => received.connection)).toEqual([1, 1, 2, 3]);
    });

    it('retries at most once: dropped again on the new connection, it is a 502', async () => {
      let answered = 0;
      const server = await upstream((request, response) => {
        if (answered++ === 0) answerJson(response);
        else request.socket.destroy();
      });
      const client = await transport();
      await exchange(client, server.url);
      expect(await gatewayError(client.open(post(server.url), new AbortController().signal))).toMatchObject({ status: 502, code: 'upstream_unreachable' });
      expect(server.received).toHaveLength(3);
    });

    it('never retries once a byte of the answer came on the reused connection', async () => {
      const server = await upstream((request, response, received) => {
        if (received.earlierOnConnection === 0) return answerJson(response);
        request.socket.write('HTTP/1.1 200 O');
        request.socket.destroy();
      });
      const client = await transport();
      await exchange(client, server.url);
      expect(await gatewayError(client.open(post(server.url), new AbortController().signal))).toMatchObject({ status: 502 });
      expect(server.received).toHaveLength(2);
    });
  });
});
