import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorEnvelopeSchema } from '@modelgate/core';
import { authorized, dataPayloads, startTestGateway, type TestGateway } from '../support/test-gateway.js';

const validateEnvelope = new Ajv.default({ strict: false }).compile(errorEnvelopeSchema);

async function expectEnvelope(response: Response, status: number, expected: { code?: string | null; param?: string | null; type?: string } = {}) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  const body = (await response.json()) as { error: { code: string | null; param: string | null; type: string; message: string } };
  expect(validateEnvelope(body)).toBe(true);
  if (expected.code !== undefined) expect(body.error.code).toBe(expected.code);
  if (expected.param !== undefined) expect(body.error.param).toBe(expected.param);
  if (expected.type !== undefined) expect(body.error.type).toBe(expected.type);
  return body.error;
}

const chatBody = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }] });

describe('every failure answers in the OpenAI error envelope', () => {
  let harness: TestGateway;
  let chatUrl: string;

  beforeAll(async () => {
    harness = await startTestGateway({ upstream: { timeoutMs: 300 } });
    chatUrl = `${harness.baseUrl}/chat/completions`;
  });
  afterAll(() => harness.close());

  it('401 without a key, with a malformed header and with a wrong key', async () => {
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: chatBody, headers: { 'content-type': 'application/json' } }), 401, {
      code: 'invalid_api_key',
    });
    await expectEnvelope(await fetch(`${harness.baseUrl}/models`, { headers: { authorization: 'Basic abc' } }), 401, { code: 'invalid_api_key' });
    await expectEnvelope(await fetch(`${harness.baseUrl}/models`, { headers: { authorization: 'Bearer mg-not-a-real-key' } }), 401, {
      code: 'invalid_api_key',
    });
  });

  it('415 for a body that is not JSON by its Content-Type', async () => {
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: chatBody, headers: authorized({ 'content-type': 'text/plain' }) }), 415, {
      code: 'unsupported_media_type',
    });
  });

  it('400 for bad JSON and for an empty body', async () => {
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: '{"model": ', headers: authorized() }), 400, {
      code: 'invalid_json',
      type: 'invalid_request_error',
    });
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: '', headers: authorized() }), 400, { code: 'invalid_json' });
  });

  it('400 naming the param for schema violations', async () => {
    const cases: Array<[unknown, string]> = [
      [{ messages: [{ role: 'user', content: 'x' }] }, 'model'],
      [{ model: 'gpt-test', messages: [] }, 'messages'],
      [{ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }], temperature: 7 }, 'temperature'],
      [{ model: 'gpt-test', messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
      [{ model: 'gpt-test', messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id'],
      [{ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: true } }, 'stream'],
    ];
    for (const [body, param] of cases) {
      const error = await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: JSON.stringify(body), headers: authorized() }), 400, {
        param,
      });
      expect(error.message).toContain(param);
    }
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: '[1,2]', headers: authorized() }), 400);
  });

  it('404 model_not_found for an unknown model, on chat and on retrieve', async () => {
    await expectEnvelope(
      await fetch(chatUrl, { method: 'POST', body: JSON.stringify({ model: 'nope-model', messages: [{ role: 'user', content: 'x' }] }), headers: authorized() }),
      404,
      { code: 'model_not_found', param: 'model' },
    );
    await expectEnvelope(await fetch(`${harness.baseUrl}/models/nope%2Fmodel`, { headers: authorized() }), 404, { code: 'model_not_found' });
  });

  it('404 for an unknown path and 405 for a wrong method', async () => {
    await expectEnvelope(await fetch(`${harness.baseUrl}/nothing-here`, { headers: authorized() }), 404, { code: 'unknown_url' });
    await expectEnvelope(await fetch(`${harness.gateway.url}/elsewhere`), 404, { code: 'unknown_url' });
    const wrongMethod = await fetch(chatUrl, { method: 'GET', headers: authorized() });
    expect(wrongMethod.headers.get('allow')).toContain('POST');
    await expectEnvelope(wrongMethod, 405, { code: 'method_not_allowed' });
  });

  it('413 for a body over the limit, plain and compressed', async () => {
    const huge = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'x'.repeat(100 * 1024) }] });
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: huge, headers: authorized() }), 413, { code: 'request_too_large' });
    // A small gzip body that inflates past the limit is cut off at the limit.
    const bomb = gzipSync(Buffer.from(huge));
    expect(bomb.length).toBeLessThan(2048);
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: bomb, headers: authorized({ 'content-encoding': 'gzip' }) }), 413, {
      code: 'request_too_large',
    });
  });

  it('serves a gzip-compressed body', async () => {
    const response = await fetch(chatUrl, { method: 'POST', body: gzipSync(Buffer.from(chatBody)), headers: authorized({ 'content-encoding': 'gzip' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: hi');
  });

  it('relays upstream errors with their status, envelope and retry-after', async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 7 });
    const limited = await fetch(chatUrl, { method: 'POST', body: chatBody, headers: authorized() });
    expect(limited.headers.get('retry-after')).toBe('7');
    await expectEnvelope(limited, 429);

    harness.simulator.enqueueFault({ type: 'status', status: 500 });
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: chatBody, headers: authorized() }), 500);
  });

  it('504 when the upstream does not answer in time', async () => {
    harness.simulator.enqueueFault({ type: 'delay', ms: 1500 });
    await expectEnvelope(await fetch(chatUrl, { method: 'POST', body: chatBody, headers: authorized() }), 504, {
      code: 'upstream_timeout',
      type: 'server_error',
    });
  });

  it("answers 502 in the envelope when a stream's first events are malformed: nothing had started", async () => {
    harness.simulator.enqueueFault({ type: 'malformed-chunk', afterChunks: 1 });
    const response = await fetch(chatUrl, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'hi there' }] }),
      headers: authorized(),
    });
    await expectEnvelope(response, 502, { code: 'upstream_protocol_error' });
  });

  it('ends a stream with a readable error event when the upstream sends a malformed chunk after content', async () => {
    harness.simulator.enqueueFault({ type: 'malformed-chunk', afterChunks: 2 });
    const response = await fetch(chatUrl, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'hi there' }] }),
      headers: authorized(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const payloads = dataPayloads(await response.text());
    expect(payloads).not.toContain('[DONE]');
    const last = JSON.parse(payloads.at(-1)!) as { error: { code: string } };
    expect(last.error.code).toBe('upstream_protocol_error');
    expect(validateEnvelope(last)).toBe(true);
  });
});

describe('upstream unreachable', () => {
  let harness: TestGateway;
  let closedPort: number;

  beforeAll(async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    harness = await startTestGateway({
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: `http://127.0.0.1:${closedPort}/v1` } }],
    });
  });
  afterAll(() => harness.close());

  it('answers 502 upstream_unreachable', async () => {
    await expectEnvelope(await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', body: chatBody, headers: authorized() }), 502, {
      code: 'upstream_unreachable',
      type: 'server_error',
    });
  });
});
