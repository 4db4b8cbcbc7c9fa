import { request as httpRequest } from 'node:http';
import { zstdCompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AnyProviderPluginV1 } from '@modelgate/core';
import { createOpenAiCompatibleProvider } from '@modelgate/provider-openai-compatible';
import { readSseEvents } from '@modelgate/testkit';
import { authorized, startTestGateway, TEST_SERVICE_KEY, waitForLogLine, type TestGateway } from '../support/test-gateway.js';

const SCOPED_KEY = 'mg-chat-only-key-0123456789abcdef';
const RESPONSES_ONLY_KEY = 'mg-responses-only-key-0123456789ab';

/** A chat-only provider of another family, the way a Claude provider looks to the Responses routes. */
const claudeLikePlugin = {
  specificationVersion: 'v1',
  id: 'claude-like',
  family: 'anthropic',
  settingsSchema: { type: 'object' },
  modelPatterns: ['claude-*'],
  create: () => ({
    chat: createOpenAiCompatibleProvider({ connection: { baseUrl: 'http://127.0.0.1:9/v1' }, vendorName: 'Claude-like' }).chat,
  }),
} as unknown as AnyProviderPluginV1;

function postResponses(harness: TestGateway, body: unknown, path = '/responses', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${harness.baseUrl}${path}`, { method: 'POST', headers: authorized(headers), body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body) });
}

describe('gateway: /v1/responses and /v1/responses/compact', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({
      upstream: { keepAliveIntervalMs: 40 },
      extraProviders: [{ plugin: claudeLikePlugin }],
      keys: [
        { name: 'test', key: TEST_SERVICE_KEY },
        { name: 'chat-only', key: SCOPED_KEY, endpoints: ['chat', 'models'] },
        { name: 'responses-only', key: RESPONSES_ONLY_KEY, endpoints: ['responses'] },
      ],
    });
  });
  beforeEach(() => harness.simulator.reset());
  afterAll(() => harness.close());

  it('relays the upstream event stream byte for byte', async () => {
    const response = await postResponses(harness, { model: 'gpt-test', input: 'bytes', stream: true });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const relayed = await response.text();
    const direct = await fetch(`${harness.simulator.url}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-upstream-test-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', input: 'bytes', stream: true }),
    }).then((answer) => answer.text());
    // Ids and timestamps differ between the two answers; the framing and every other byte do not.
    const normalise = (text: string) => text.replace(/"(resp|msg)_[A-Za-z0-9]+"/g, '"$1_x"').replace(/"(created_at|completed_at)":\d+/g, '"$1":0');
    // This harness sends keep-alive comments after 40 ms of silence (for the keep-alive test); on a
    // busy machine one may fall between two events. They are the gateway's own, so they are set aside.
    const withoutKeepAlives = relayed.replace(/^: keep-alive\n\n/gm, '');
    expect(normalise(withoutKeepAlives)).toBe(normalise(direct));
    expect(relayed).toMatch(/^event: response\.created\ndata: \{"type":"response\.created","sequence_number":0,/);
  });

  it('logs the usage of response.completed and of a non-streamed answer', async () => {
    harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'ok' }], usage: { promptTokens: 321, completionTokens: 12 } });
    harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'ok' }], usage: { promptTokens: 654, completionTokens: 21 } });
    await postResponses(harness, { model: 'gpt-test', input: 'count me', stream: true }).then((response) => response.text());
    await postResponses(harness, { model: 'gpt-test', input: 'count me' }).then((response) => response.text());
    const loggedWith = (promptTokens: number) => waitForLogLine(harness.logs, (line) => line.msg === 'request' && line.path === '/v1/responses' && line.promptTokens === promptTokens);
    expect(await loggedWith(321)).toMatchObject({ stream: true, streamOutcome: 'completed', completionTokens: 12, model: 'gpt-test' });
    expect(await loggedWith(654)).toMatchObject({ stream: false, completionTokens: 21 });
  });

  it('writes `: keep-alive` comments while the upstream is silent', async () => {
    harness.simulator.enqueueFault({ type: 'stall', ms: 200 });
    const response = await postResponses(harness, { model: 'gpt-test', input: 'slow', stream: true });
    const text = await response.text();
    expect(text.startsWith(': keep-alive\n\n')).toBe(true);
    expect(text).toContain('event: response.completed');
  });

  it('ends a stream the upstream cuts before its terminal event with an `error` event', async () => {
    harness.simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 3 });
    harness.simulator.enqueueFault({ type: 'reset-mid-stream', afterChunks: 2 });
    const upstreamError = await readSseEvents(await postResponses(harness, { model: 'gpt-test', input: 'a', stream: true }));
    // The upstream's own error event is relayed as is, and nothing is added after it.
    expect(upstreamError.map((event) => event.event)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'error']);

    const cut = await readSseEvents(await postResponses(harness, { model: 'gpt-test', input: 'b', stream: true }));
    expect(cut.at(-1)!.event).toBe('error');
    expect(JSON.parse(cut.at(-1)!.data)).toMatchObject({ type: 'error', code: 'upstream_interrupted', sequence_number: 2, param: null });
  });

  it('serves a zstd-compressed body and answers 413 to a small body that inflates past the limit', async () => {
    const body = zstdCompressSync(Buffer.from(JSON.stringify({ model: 'gpt-test', input: 'compressed hello' })));
    const served = await postResponses(harness, body, '/responses', { 'content-encoding': 'zstd' });
    expect(served.status).toBe(200);
    expect(((await served.json()) as { output: Array<{ content: Array<{ text: string }> }> }).output[0]!.content[0]!.text).toBe('Echo: compressed hello');

    const bomb = zstdCompressSync(Buffer.from(JSON.stringify({ model: 'gpt-test', input: 'x'.repeat(1024 * 1024) })));
    expect(bomb.length).toBeLessThan(1024);
    const rejected = await postResponses(harness, bomb, '/responses', { 'content-encoding': 'zstd' });
    expect(rejected.status).toBe(413);
    expect(((await rejected.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
    expect(harness.simulator.requests).toHaveLength(1);
  });

  it.each(['/responses', '/responses/compact'])('answers a model of another family on %s with 400 pointing to chat', async (path) => {
    const response = await postResponses(harness, { model: 'claude-sonnet-4-5', input: 'hi' }, path);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; code: string; param: string; type: string } };
    expect(error).toMatchObject({ code: 'unsupported_model_for_endpoint', param: 'model', type: 'invalid_request_error' });
    expect(error.message).toContain('/v1/chat/completions');
    expect(error.message).toContain(`/v1${path}`);
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('enforces the responses and compact key scopes', async () => {
    const chatOnly = await postResponses(harness, { model: 'gpt-test', input: 'x' }, '/responses', { authorization: `Bearer ${SCOPED_KEY}` });
    expect(chatOnly.status).toBe(403);
    expect(((await chatOnly.json()) as { error: { code: string } }).error.code).toBe('endpoint_not_permitted');
    const allowed = await postResponses(harness, { model: 'gpt-test', input: 'x' }, '/responses', { authorization: `Bearer ${RESPONSES_ONLY_KEY}` });
    expect(allowed.status).toBe(200);
    const compact = await postResponses(harness, { model: 'gpt-test', input: 'x' }, '/responses/compact', { authorization: `Bearer ${RESPONSES_ONLY_KEY}` });
    expect(compact.status).toBe(403);
  });

  it('validates only what it reads: model and the types of input and stream', async () => {
    const missing = await postResponses(harness, { input: 'x' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { param: string } }).error.param).toBe('model');
    const badInput = await postResponses(harness, { model: 'gpt-test', input: 42 });
    expect(badInput.status).toBe(400);
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('refuses a WebSocket upgrade on GET /v1/responses at once with 426', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(harness.baseUrl);
      const upgrade = httpRequest({
        host: hostname,
        port,
        path: '/v1/responses',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'openai-beta': 'responses_websockets=2026-02-04',
          authorization: `Bearer ${TEST_SERVICE_KEY}`,
        },
      });
      upgrade.on('upgrade', () => reject(new Error('the gateway accepted the upgrade')));
      upgrade.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(answer.status).toBe(426);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'websocket_not_supported', type: 'invalid_request_error' } });
    expect(harness.simulator.requests).toHaveLength(0);
  });
});
