import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually } from '../support/eventually.js';
import { authorized, dataPayloads, startTestGateway, TEST_SERVICE_KEY, UPSTREAM_KEY, waitForLogLine, type TestGateway } from '../support/test-gateway.js';

describe('logs, request ids, health, shutdown and disconnects', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('logs one structured line per request with no key and no prompt', async () => {
    harness = await startTestGateway();
    const secretPrompt = 'my-very-secret-prompt-text';
    await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: secretPrompt }] }),
    }).then((response) => response.text());
    await fetch(`${harness.baseUrl}/models`, { headers: { authorization: 'Bearer mg-wrong-key-but-still-secret' } }).then((response) => response.text());
    await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: secretPrompt }] }),
    }).then((response) => response.text());
    // Each request's line follows its response: wait for the three before reading what they say.
    await eventually(() => harness!.logs.filter((line) => (JSON.parse(line) as { msg: string }).msg === 'request').length === 3, 5_000, 'three request lines');
    const text = harness.logs.join('');
    expect(text).not.toContain(TEST_SERVICE_KEY);
    expect(text).not.toContain(UPSTREAM_KEY);
    expect(text).not.toContain('mg-wrong-key-but-still-secret');
    expect(text).not.toContain(secretPrompt);
    expect(text).not.toContain('Echo:');
    const lines = harness.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');
    expect(lines.find((line) => line.path === '/v1/chat/completions' && line.stream === false)).toMatchObject({
      status: 200,
      model: 'gpt-test',
      provider: 'openai',
      keyId: 'config:test',
    });
    const streamed = lines.find((line) => line.stream === true)!;
    expect(streamed).toMatchObject({ status: 200, streamOutcome: 'completed' });
    expect(streamed.completionTokens).toBeGreaterThan(0);
    expect(streamed.timeToFirstByteMs).toBeGreaterThan(0);
    expect(lines.find((line) => line.path === '/v1/models')).toMatchObject({ status: 401 });
  });

  it('keeps a sane caller x-request-id and replaces an unsafe one', async () => {
    harness = await startTestGateway();
    const kept = await fetch(`${harness.baseUrl}/models`, { headers: authorized({ 'x-request-id': 'client-abc.123' }) });
    expect(kept.headers.get('x-request-id')).toBe('client-abc.123');
    const replaced = await fetch(`${harness.baseUrl}/models`, { headers: authorized({ 'x-request-id': 'bad id with spaces' }) });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers /health without a key', async () => {
    harness = await startTestGateway();
    const response = await fetch(`${harness.gateway.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('lets an in-flight stream finish on shutdown and refuses new connections', async () => {
    harness = await startTestGateway();
    harness.simulator.enqueueFault({ type: 'stall', ms: 300 });
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'finish me' }] }),
    });
    const closing = harness.gateway.close();
    const payloads = dataPayloads(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    await closing;
    await expect(fetch(`${harness.gateway.url}/health`)).rejects.toThrow();
  });
});

describe('client disconnect', () => {
  let upstream: Server | undefined;
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  });

  it('aborts the upstream request when the client goes away mid-stream', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    // An upstream that sends one chunk and then waits forever, noting when the gateway hangs up.
    upstream = createServer((request: IncomingMessage, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`);
      response.on('close', () => upstreamClosed());
    });
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    harness = await startTestGateway({
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: `http://127.0.0.1:${port}/v1` } }],
    });
    const controller = new AbortController();
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('chat.completion.chunk');
    controller.abort();
    await expect(closed).resolves.toBeUndefined();
    const logged = await waitForLogLine(harness.logs, (line) => line.msg === 'request');
    expect(logged).toMatchObject({ stream: true, streamOutcome: 'client-aborted' });
  });
});
