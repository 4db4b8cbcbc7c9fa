import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorized, startTestGateway, type TestGateway } from '../support/test-gateway.js';

// An OpenAI-compatible upstream whose JSON has its own key order, spacing and number formatting:
// a pass-through provider must hand those exact bytes to the client.
const UPSTREAM_BODY =
  '{ "object":"chat.completion", "id":"chatcmpl-verbatim", "created":1767225600, "model":"gpt-4.1",\n' +
  '  "choices":[{"index":0,"message":{"role":"assistant","content":"caf\\u00e9 1.0","refusal":null},"logprobs":null,"finish_reason":"stop"}],\n' +
  '  "usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}, "x_vendor_extension":{"score":1.50} }';

describe('OpenAI-compatible answers are relayed byte for byte, with the useful upstream headers', () => {
  let upstream: Server;
  let harness: TestGateway;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response
          .writeHead(200, {
            'content-type': 'application/json',
            'x-request-id': 'req_upstream_0001',
            'openai-processing-ms': '12',
            'openai-model': 'gpt-4.1-2025-04-14',
            'x-ratelimit-remaining-requests': '9999',
          })
          .end(UPSTREAM_BODY),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    harness = await startTestGateway({
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: `http://127.0.0.1:${port}/v1` } }],
    });
  });
  afterAll(async () => {
    await harness.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('answers with the upstream text unchanged and still reads its usage', async () => {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe(UPSTREAM_BODY);
    // The vendor's request id, model and timing reach the client; its rate limits (the gateway's
    // vendor key's, not the client's) and its request id in place of the gateway's do not.
    expect(response.headers.get('x-upstream-request-id')).toBe('req_upstream_0001');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get('openai-processing-ms')).toBe('12');
    expect(response.headers.get('openai-model')).toBe('gpt-4.1-2025-04-14');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = harness.logs.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'request');
    expect(logged).toMatchObject({ status: 200, promptTokens: 3, completionTokens: 2 });
  });
});
