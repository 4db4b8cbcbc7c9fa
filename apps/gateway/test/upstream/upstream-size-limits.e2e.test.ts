import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorized, dataPayloads } from '../support/test-gateway.js';
import { chatChunk, chatRequest, responsesRequest, startFakeUpstream, startGatewayBefore, type FakeUpstream, type GatewayBeforeUpstream } from './fake-upstream.js';

const MiB = 1024 * 1024;
const piece = 'x'.repeat(64 * 1024);

interface Flood {
  /** Bytes the upstream managed to write before the gateway closed the connection. */
  written: number;
  /** True when the connection closed before the upstream had written everything. */
  cutShort: boolean;
  /** Resolves once the upstream has written `at` bytes, or its connection has closed. */
  reached: (at: number) => Promise<void>;
  /** Optionally, a point where the upstream stops writing until `until` resolves. */
  pause?: { at: number; until: Promise<void> };
}

/** Writes `prefix` then `total` bytes of `x`, honouring back-pressure, until done or the connection closes. */
function flood(response: ServerResponse, prefix: string, total: number, flood: Flood): void {
  const waiting: Array<{ at: number; resolve: () => void }> = [];
  let closed = false;
  flood.reached = (at) => (closed || flood.written >= at ? Promise.resolve() : new Promise((resolve) => waiting.push({ at, resolve })));
  response.once('close', () => {
    closed = true;
    flood.cutShort = flood.written < total;
    for (const waiter of waiting) waiter.resolve();
  });
  response.write(prefix);
  const writeMore = (): void => {
    while (!closed && flood.written < total) {
      const pause = flood.pause;
      if (pause && flood.written >= pause.at) {
        flood.pause = undefined;
        void pause.until.then(writeMore);
        return;
      }
      flood.written += piece.length;
      for (const waiter of waiting.filter((entry) => entry.at <= flood.written)) waiter.resolve();
      if (!response.write(piece)) {
        response.once('drain', writeMore);
        return;
      }
    }
    if (!closed) response.end();
  };
  writeMore();
}

describe('upstream answers are read within size limits', () => {
  let upstream: FakeUpstream;
  let harness: GatewayBeforeUpstream;
  let current: Flood;
  let behaviour: (response: ServerResponse, path: string) => void;

  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => behaviour(response, request.url ?? ''));
    harness = await startGatewayBefore(upstream, { maxResponseBytes: MiB, maxEventBytes: MiB });
  });
  afterAll(() => harness.close());

  function startFlood(status: number, contentType: string, prefix: string, total: number, pause?: Flood['pause']): void {
    current = { written: 0, cutShort: false, reached: () => Promise.resolve(), pause };
    behaviour = (response) => {
      response.writeHead(status, { 'content-type': contentType });
      flood(response, prefix, total, current);
    };
  }

  async function post(path: string, body: string): Promise<Response> {
    return fetch(`${harness.baseUrl}${path}`, { method: 'POST', body, headers: authorized() });
  }

  it('a non-streamed answer over maxResponseBytes: 502 upstream_response_too_large, and the gateway stops reading at once', async () => {
    startFlood(200, 'application/json', '{"choices":[],"filler":"', 64 * MiB);
    const response = await post('/chat/completions', chatRequest(false));
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as { error: { code: string; type: string; message: string } };
    expect(error).toMatchObject({ code: 'upstream_response_too_large', type: 'server_error' });
    expect(error.message).toContain(String(MiB));
    await current.reached(Number.POSITIVE_INFINITY);
    expect(current.cutShort).toBe(true);
    // Socket buffers hold some more, but nowhere near the 64 MiB the upstream had to send.
    expect(current.written).toBeLessThan(16 * MiB);
  });

  it('the same for an error body read for translation, and for /v1/responses', async () => {
    startFlood(500, 'text/plain', 'upstream trouble: ', 64 * MiB);
    const failed = await post('/chat/completions', chatRequest(true));
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('upstream_response_too_large');
    await current.reached(Number.POSITIVE_INFINITY);
    expect(current.cutShort).toBe(true);

    startFlood(200, 'application/json', '{"object":"response","filler":"', 64 * MiB);
    const responses = await post('/responses', responsesRequest(false));
    expect(responses.status).toBe(502);
    expect(((await responses.json()) as { error: { code: string } }).error.code).toBe('upstream_response_too_large');
    await current.reached(Number.POSITIVE_INFINITY);
    expect(current.cutShort).toBe(true);
  });

  it('an answer just under the limit still goes through', async () => {
    const content = 'y'.repeat(MiB - 1024);
    behaviour = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    };
    const response = await post('/chat/completions', chatRequest(false));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe(content);
  });

  it('a streamed chat event over maxEventBytes ends the stream with a readable error, and /health answers meanwhile', async () => {
    let healthAnswered!: () => void;
    // Half the event is in the gateway when /health is asked; the rest follows once it has answered.
    const pause = { at: MiB / 2, until: new Promise<void>((resolve) => (healthAnswered = resolve)) };
    startFlood(200, 'text/event-stream', `${chatChunk('Hello')}data: {"choices":[{"delta":{"content":"`, 64 * MiB, pause);
    const response = await post('/chat/completions', chatRequest(true));
    expect(response.status).toBe(200);
    const text = response.text();
    await current.reached(MiB / 2);
    const health = await fetch(`${harness.gateway.url}/health`);
    healthAnswered();
    expect(health.status).toBe(200);
    const payloads = dataPayloads(await text);
    expect(JSON.parse(payloads[0]!)).toMatchObject({ choices: [{ delta: { content: 'Hello' } }] });
    expect(payloads).not.toContain('[DONE]');
    const last = JSON.parse(payloads.at(-1)!) as { error: { code: string; type: string; message: string } };
    expect(last.error).toMatchObject({ code: 'upstream_protocol_error', type: 'server_error' });
    expect(last.error.message).toContain(String(MiB));
    await current.reached(Number.POSITIVE_INFINITY);
    expect(current.cutShort).toBe(true);
    expect(current.written).toBeLessThan(16 * MiB);
  });

  it('a Responses event over maxEventBytes ends the stream with an error event', async () => {
    const created = `event: response.created\ndata: ${JSON.stringify({ type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress' } })}\n\n`;
    startFlood(200, 'text/event-stream', `${created}event: response.output_text.delta\ndata: {"delta":"`, 64 * MiB);
    const response = await post('/responses', responsesRequest(true));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith(created)).toBe(true);
    const errorBlock = text.split('\n\n').find((block) => block.startsWith('event: error\n'));
    const error = JSON.parse(errorBlock!.slice('event: error\ndata: '.length)) as { type: string; code: string; sequence_number: number };
    expect(error).toMatchObject({ type: 'error', code: 'upstream_protocol_error', sequence_number: 1 });
    await current.reached(Number.POSITIVE_INFINITY);
    expect(current.cutShort).toBe(true);
  });
});
