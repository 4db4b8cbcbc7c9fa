import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { UpstreamConfig } from '../../src/config/gateway-config.js';
import { authorized, dataPayloads } from '../support/test-gateway.js';
import {
  answerNormally,
  chatRequest,
  responsesRequest,
  startFakeUpstream,
  startGatewayBefore,
  type FakeHandler,
  type FakeUpstream,
  type GatewayBeforeUpstream,
  type RecordedRequest,
} from './fake-upstream.js';

let harness: GatewayBeforeUpstream | undefined;

async function start(handler: FakeHandler, config: Partial<UpstreamConfig> = {}): Promise<{ upstream: FakeUpstream; harness: GatewayBeforeUpstream }> {
  const upstream = await startFakeUpstream(handler);
  harness = await startGatewayBefore(upstream, config);
  return { upstream, harness };
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/**
 * An upstream that closes connections idle longer than `idleMs`, but only notices when the next
 * request arrives on one: the keep-alive race, made certain. The connection is dropped without an
 * answer, as when the upstream closed it just as the gateway sent the request.
 */
function dropsConnectionsIdleLongerThan(idleMs: number, dropped: RecordedRequest[] = []): FakeHandler {
  const answeredAt = new WeakMap<Socket, number>();
  return (request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest) => {
    const last = answeredAt.get(request.socket);
    if (last !== undefined && performance.now() - last > idleMs) {
      dropped.push(recorded);
      request.socket.destroy();
      return;
    }
    response.once('finish', () => answeredAt.set(request.socket, performance.now()));
    answerNormally(request, response);
  };
}

const calls: Array<[string, string]> = [
  ['/chat/completions', chatRequest(false)],
  ['/chat/completions', chatRequest(true)],
  ['/responses', responsesRequest(false)],
  ['/responses', responsesRequest(true)],
];

async function call(baseUrl: string, path: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body, headers: authorized() });
  return { status: response.status, text: await response.text() };
}

/** True for a complete, successful answer (a stream must end with its terminal event). */
function succeeded({ status, text }: { status: number; text: string }): boolean {
  if (status !== 200) return false;
  if (!text.startsWith('data:') && !text.startsWith('event:')) return true;
  return dataPayloads(text).at(-1) === '[DONE]' || text.includes('event: response.completed');
}

describe('stale keep-alive connections to the upstream', () => {
  it('a request on a pooled connection the upstream drops is sent again, once, on a new connection: no failures', async () => {
    const dropped: RecordedRequest[] = [];
    const { upstream, harness } = await start(dropsConnectionsIdleLongerThan(150, dropped));
    const rounds = 12;
    const outcomes = [];
    for (let round = 0; round < rounds; round++) {
      if (round > 0) await sleep(200 + Math.random() * 50);
      const [path, body] = calls[round % calls.length]!;
      outcomes.push(await call(harness.baseUrl, path, body));
    }
    expect(outcomes.filter((outcome) => !succeeded(outcome))).toEqual([]);
    // The race happened (the retry's own connection is not pooled, so about every other request
    // met a dropped one), and each dropped request was sent exactly once more, with its body (the
    // upstream parsed it), on a connection of its own.
    expect(dropped.length).toBeGreaterThanOrEqual(rounds / 2 - 1);
    expect(upstream.requests).toHaveLength(rounds + dropped.length);
    for (const request of dropped) {
      const retry = upstream.requests[upstream.requests.indexOf(request) + 1]!;
      expect(retry).toMatchObject({ path: request.path, earlierOnConnection: 0 });
      expect(retry.connection).not.toBe(request.connection);
    }
  });

  it('a server closing idle connections after 200 ms: 30 sequential requests about 200 ms apart all succeed', async () => {
    // Like many servers (not Node's own), it does not announce its idle time-out in a Keep-Alive
    // header, so the pool cannot know it; requests at ~200 ms meet the close about 1 time in 6.
    const { upstream, harness } = await start((request, response) => {
      response.setHeader('connection', 'keep-alive');
      answerNormally(request, response);
    });
    upstream.server.keepAliveTimeout = 200;
    upstream.server.keepAliveTimeoutBuffer = 0;
    let failures = 0;
    for (let round = 0; round < 30; round++) {
      if (round > 0) await sleep(197 + Math.random() * 6);
      const [path, body] = calls[round % calls.length]!;
      if (!succeeded(await call(harness.baseUrl, path, body))) failures++;
    }
    expect(failures).toBe(0);
  });

  it('pooled connections idle for idleSocketTimeoutMs are closed before the upstream drops them', async () => {
    const { upstream, harness } = await start(dropsConnectionsIdleLongerThan(600), { idleSocketTimeoutMs: 200 });
    for (let round = 0; round < 4; round++) {
      if (round > 0) await sleep(700);
      expect(succeeded(await call(harness.baseUrl, '/chat/completions', chatRequest(false)))).toBe(true);
    }
    // No request met a dropped connection (none was sent twice): each went on a new one.
    expect(upstream.requests.map((request) => request.earlierOnConnection)).toEqual([0, 0, 0, 0]);
  });

  it('retries at most once: a request dropped on its reused connection and again on the new one is a 502', async () => {
    let answered = 0;
    const { upstream, harness } = await start((request, response) => {
      if (answered++ === 0) answerNormally(request, response);
      else request.socket.destroy();
    });
    expect(succeeded(await call(harness.baseUrl, '/chat/completions', chatRequest(false)))).toBe(true);
    const failed = await call(harness.baseUrl, '/chat/completions', chatRequest(false));
    expect(failed.status).toBe(502);
    expect((JSON.parse(failed.text) as { error: { code: string } }).error.code).toBe('upstream_unreachable');
    expect(upstream.requests).toHaveLength(3);
  });

  it('never retries a request whose connection was new', async () => {
    const { upstream, harness } = await start((request) => request.socket.destroy());
    const failed = await call(harness.baseUrl, '/chat/completions', chatRequest(true));
    expect(failed.status).toBe(502);
    expect(upstream.requests).toHaveLength(1);
  });

  it('never retries once the upstream has sent a byte of its answer, on a reused connection', async () => {
    let second: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
    let count = 0;
    const { upstream, harness } = await start((request, response) => {
      if (count++ % 2 === 0) answerNormally(request, response);
      else second(request, response);
    });
    const cases: Array<[string, (request: IncomingMessage, response: ServerResponse) => void, (outcome: { status: number; text: string }) => void]> = [
      [
        'half a status line',
        (request) => {
          request.socket.write('HTTP/1.1 200 O');
          request.socket.destroy();
        },
        (outcome) => expect(outcome.status).toBe(502),
      ],
      [
        'headers and half the body',
        (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          response.write('{"choices":[');
          setTimeout(() => response.socket?.destroy(), 20);
        },
        (outcome) => {
          expect(outcome.status).toBe(502);
          expect((JSON.parse(outcome.text) as { error: { code: string } }).error.code).toBe('upstream_interrupted');
        },
      ],
    ];
    for (const [, misbehave, check] of cases) {
      second = misbehave;
      const before = upstream.requests.length;
      expect(succeeded(await call(harness.baseUrl, '/chat/completions', chatRequest(false)))).toBe(true);
      check(await call(harness.baseUrl, '/chat/completions', chatRequest(false)));
      expect(upstream.requests.length - before).toBe(2);
      expect(upstream.requests.at(-1)!.earlierOnConnection).toBe(1);
    }
    // A stream cut after its first chunk ends with the stream's error event, and is not sent again.
    second = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n');
      setTimeout(() => response.socket?.destroy(), 20);
    };
    const before = upstream.requests.length;
    expect(succeeded(await call(harness.baseUrl, '/chat/completions', chatRequest(false)))).toBe(true);
    const cut = await call(harness.baseUrl, '/chat/completions', chatRequest(true));
    expect(cut.status).toBe(200);
    expect((JSON.parse(dataPayloads(cut.text).at(-1)!) as { error: { code: string } }).error.code).toBe('upstream_interrupted');
    expect(upstream.requests.length - before).toBe(2);
  });
});
