import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SseParser, type ChatCompletionChunk, type ChatCompletionResponse, type ErrorEnvelope, type SseEvent } from '@modelgate/core';
import { readSseEvents } from '@modelgate/testkit';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';

const LONG_TEXT = 'a longer message that becomes many chunks in the stream';
const STREAM_BODY = { model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: LONG_TEXT }] };
const JSON_BODY = { model: 'gpt-4.1', messages: [{ role: 'user', content: LONG_TEXT }] };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The headers came (the caller awaited them: with a stall far longer than the test's time-out,
 * headers that waited for it never would) and the body's first bytes are still held back.
 */
async function expectBodyHeldBack(response: Response): Promise<void> {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = reader.read().then(() => 'body bytes');
  expect(await Promise.race([first, pause(200).then(() => 'still waiting')])).toBe('still waiting');
  await reader.cancel();
}

function post(simulator: OpenAiChatSimulator, body: unknown): Promise<Response> {
  return fetch(`${simulator.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Reads events until the stream ends or breaks, keeping what arrived before a break. */
async function readUntilBroken(response: Response): Promise<{ events: SseEvent[]; failure: unknown }> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  try {
    for await (const bytes of response.body!) events.push(...parser.push(decoder.decode(bytes, { stream: true })));
    events.push(...parser.end());
    return { events, failure: undefined };
  } catch (failure) {
    return { events, failure };
  }
}

async function expectEnvelope(response: Response, status: number): Promise<ErrorEnvelope> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const envelope = (await response.json()) as ErrorEnvelope;
  expect(Object.keys(envelope.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  return envelope;
}

describe('OpenAI simulator: scripted faults', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  it('delay: waits before sending anything, then answers normally', async () => {
    simulator.enqueueFault({ type: 'delay', ms: 250 });
    const started = Date.now();
    const response = await post(simulator, JSON_BODY);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(((await response.json()) as ChatCompletionResponse).choices[0]!.message.content).toBe(`Echo: ${LONG_TEXT}`);
  });

  it("status 429: OpenAI's rate_limit_exceeded envelope and spent request budget, retry-after only when a wait is asked for", async () => {
    simulator.enqueueFault({ type: 'status', status: 429 });
    simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 7 });
    const first = await post(simulator, JSON_BODY);
    // OpenAI's usual 429: its x-ratelimit-* headers, no retry-after (clients fall back to their backoff).
    expect(first.headers.get('retry-after')).toBeNull();
    expect(first.headers.get('x-request-id')).toMatch(/^req_/);
    expect([first.headers.get('x-ratelimit-remaining-requests'), first.headers.get('x-ratelimit-reset-requests')]).toEqual(['0', '1s']);
    expect((await expectEnvelope(first, 429)).error).toEqual({
      message: 'Rate limit reached for requests. Please try again in 1s.',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    });
    const second = await post(simulator, JSON_BODY);
    expect(second.headers.get('retry-after')).toBe('7');
    expect(second.headers.get('x-ratelimit-reset-requests')).toBe('7s');
    expect((await expectEnvelope(second, 429)).error.message).toContain('try again in 7s');
  });

  it('status 429 from a compatible server (rateLimitHeaders: false): no rate-limit header at all unless a wait is asked for', async () => {
    const server = await startOpenAiChatSimulator({ rateLimitHeaders: false });
    try {
      server.enqueueFault({ type: 'status', status: 429 });
      server.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 3 });
      const bare = await post(server, JSON_BODY);
      expect([...bare.headers.keys()].filter((name) => name === 'retry-after' || name.startsWith('x-ratelimit-'))).toEqual([]);
      expect((await expectEnvelope(bare, 429)).error.code).toBe('rate_limit_exceeded');
      const asked = await post(server, JSON_BODY);
      expect(asked.headers.get('retry-after')).toBe('3');
      expect((await post(server, JSON_BODY)).headers.get('x-ratelimit-limit-requests')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('status 500 and 503: server_error envelopes, no retry-after unless asked', async () => {
    simulator.enqueueFault({ type: 'status', status: 500 });
    simulator.enqueueFault({ type: 'status', status: 503, retryAfterSeconds: 2 });
    const internal = await post(simulator, JSON_BODY);
    expect(internal.headers.get('retry-after')).toBeNull();
    expect((await expectEnvelope(internal, 500)).error).toMatchObject({ type: 'server_error', param: null, code: null });
    const overloaded = await post(simulator, JSON_BODY);
    expect(overloaded.headers.get('retry-after')).toBe('2');
    expect((await expectEnvelope(overloaded, 503)).error.type).toBe('server_error');
  });

  it('status with a custom body and headers, also for a streaming request', async () => {
    const quota = { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } };
    simulator.enqueueFault({ type: 'status', status: 429, body: quota, headers: { 'x-ratelimit-remaining-tokens': '0' } });
    simulator.enqueueFault({ type: 'status', status: 502, body: '<html>bad gateway</html>' });
    const limited = await post(simulator, STREAM_BODY);
    expect(limited.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
    expect(await expectEnvelope(limited, 429)).toEqual(quota);
    const html = await post(simulator, JSON_BODY);
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await html.text()).toBe('<html>bad gateway</html>');
  });

  it('takes faults first in, first out, one per chat request, and ignores other endpoints', async () => {
    simulator.enqueueFault({ type: 'status', status: 500 });
    simulator.enqueueFault({ type: 'status', status: 503 });
    expect((await fetch(`${simulator.url}/models`)).status).toBe(200);
    expect((await post(simulator, JSON_BODY)).status).toBe(500);
    expect((await post(simulator, JSON_BODY)).status).toBe(503);
    expect((await post(simulator, JSON_BODY)).status).toBe(200);
  });

  it('reset-mid-stream: sends afterChunks events, then breaks the connection', async () => {
    simulator.enqueueFault({ type: 'reset-mid-stream', afterChunks: 2 });
    const response = await post(simulator, STREAM_BODY);
    expect(response.status).toBe(200);
    const { events, failure } = await readUntilBroken(response);
    // undici reports a body cut off by a reset as "terminated" (an Error from another realm under jest).
    expect(failure).toMatchObject({ message: 'terminated' });
    expect(events).toHaveLength(2);
    const first = JSON.parse(events[0]!.data) as ChatCompletionChunk;
    expect(first.choices[0]!.delta.role).toBe('assistant');
  });

  it('malformed-chunk: good events, one that is not JSON, then the rest of the stream', async () => {
    simulator.enqueueFault({ type: 'malformed-chunk', afterChunks: 1 });
    const payloads = (await readSseEvents(await post(simulator, STREAM_BODY))).map((event) => event.data);
    expect(() => JSON.parse(payloads[0]!)).not.toThrow();
    expect(payloads[1]).toBe('{not json');
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(2, -1).map((payload) => JSON.parse(payload) as ChatCompletionChunk);
    expect(chunks.map((chunk) => chunk.choices[0]!.delta.content ?? '').join('')).toBe(`Echo: ${LONG_TEXT}`);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('stall: sends headers at once, then holds back the first event', async () => {
    simulator.enqueueFault({ type: 'stall', ms: 60_000 });
    await expectBodyHeldBack(await post(simulator, STREAM_BODY));
  });

  it('stall: the stream goes on once the wait is over', async () => {
    simulator.enqueueFault({ type: 'stall', ms: 300 });
    const started = Date.now();
    const response = await post(simulator, STREAM_BODY);
    const reader = response.body!.getReader();
    await reader.read();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    reader.releaseLock();
    const payloads = (await readSseEvents(response)).map((event) => event.data);
    expect(payloads.at(-1)).toBe('[DONE]');
  });

  it('mid-stream-error: afterChunks events, an OpenAI error payload, a clean end and no [DONE]', async () => {
    simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 2, message: 'The upstream gave up.' });
    const { events, failure } = await readUntilBroken(await post(simulator, STREAM_BODY));
    expect(failure).toBeUndefined();
    const payloads = events.map((event) => event.data);
    expect(payloads).toHaveLength(3);
    expect(payloads).not.toContain('[DONE]');
    expect(JSON.parse(payloads[2]!)).toEqual({ error: { message: 'The upstream gave up.', type: 'server_error', param: null, code: null } });
  });

  it('stream faults placed past the end play after the last event', async () => {
    simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 1000 });
    const payloads = (await readSseEvents(await post(simulator, STREAM_BODY))).map((event) => event.data);
    const last = JSON.parse(payloads.at(-1)!) as ErrorEnvelope;
    expect(last.error.type).toBe('server_error');
    const finish = JSON.parse(payloads.at(-2)!) as ChatCompletionChunk;
    expect(finish.choices[0]!.finish_reason).toBe('stop');
    expect(payloads).not.toContain('[DONE]');
  });

  describe('stream faults on a non-streaming request', () => {
    it('reset-mid-stream sends part of the body, then breaks the connection', async () => {
      simulator.enqueueFault({ type: 'reset-mid-stream', afterChunks: 0 });
      const response = await post(simulator, JSON_BODY);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    });

    it('malformed-chunk answers 200 with a body that is not JSON', async () => {
      simulator.enqueueFault({ type: 'malformed-chunk', afterChunks: 0 });
      const response = await post(simulator, JSON_BODY);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{not json');
    });

    it('stall sends the headers, then holds back the body', async () => {
      simulator.enqueueFault({ type: 'stall', ms: 60_000 });
      await expectBodyHeldBack(await post(simulator, JSON_BODY));
    });

    it('stall sends the body once the wait is over', async () => {
      simulator.enqueueFault({ type: 'stall', ms: 200 });
      const started = Date.now();
      const body = (await (await post(simulator, JSON_BODY)).json()) as ChatCompletionResponse;
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(body.choices[0]!.message.content).toBe(`Echo: ${LONG_TEXT}`);
    });

    it('mid-stream-error answers 200 with an error envelope', async () => {
      simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 0, message: 'late failure' });
      const envelope = await expectEnvelope(await post(simulator, JSON_BODY), 200);
      expect(envelope.error).toMatchObject({ message: 'late failure', type: 'server_error' });
    });
  });

  it('close() ends a request that is waiting out a delay', async () => {
    const own = await startOpenAiChatSimulator();
    own.enqueueFault({ type: 'delay', ms: 30_000 });
    const pending = post(own, JSON_BODY);
    while (own.requests.length === 0) await pause(5);
    // A close() that waited for the delay would outlast the test's time-out.
    await own.close();
    await expect(pending).rejects.toThrow();
  });
});
