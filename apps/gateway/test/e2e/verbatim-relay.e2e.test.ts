import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorized, startTestGateway, waitForLogLine, type TestGateway } from '../support/test-gateway.js';

// An OpenAI-compatible upstream whose JSON has its own key order, spacing and number formatting:
// a pass-through provider must hand those exact bytes to the client.
const UPSTREAM_BODY =
  '{ "object":"chat.completion", "id":"chatcmpl-verbatim", "created":1767225600, "model":"gpt-4.1",\n' +
  '  "choices":[{"index":0,"message":{"role":"assistant","content":"caf\\u00e9 1.0","refusal":null},"logprobs":null,"finish_reason":"stop"}],\n' +
  '  "usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}, "x_vendor_extension":{"score":1.50,"trace":12345678901234567890,"note":"\\u2028\\ud83d\\ude00"} }';

/** Each a body whose bytes JSON.parse then JSON.stringify would change (spacing, key order, escapes, a large integer, 1.0). */
const CHAT_STREAM =
  'data: {"id":"chatcmpl-s","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1", "choices":[{"index":0,"delta":{"role":"assistant","content":"caf\\u00e9"},"finish_reason":null}],"x_seq":12345678901234567891}\n\n' +
  // One event whose JSON spans two `data:` lines (legal SSE: the client joins them with a newline).
  'data: {"id":"chatcmpl-s","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1",\ndata:  "choices":[{"index":0,"delta":{"content":"!"},"finish_reason":null}]}\n\n' +
  'data: {"id":"chatcmpl-s","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4,"score":1.0}}\n\n' +
  'data: [DONE]\n\n';
const RESPONSE_BODY =
  '{"id":"resp_v","object":"response","created_at":1767225600,"status":"completed","model":"gpt-5",  "output":[{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":"caf\\u00e9","annotations":[]}]}],' +
  '"usage":{"input_tokens":5,"output_tokens":2,"total_tokens":7},"x_trace":98765432109876543210 }';
const RESPONSE_STREAM =
  'event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"resp_v","object":"response","status":"in_progress","output":[],"x":1.0}}\n\n' +
  'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"caf\\u00e9 "}\n\n' +
  'event: response.completed\ndata: {"type":"response.completed","sequence_number":2,"response":{"id":"resp_v","object":"response","status":"completed","output":[],"usage":{"input_tokens":5,"output_tokens":2,"total_tokens":7},"x_trace":98765432109876543210}}\n\n' +
  // Several compatible servers end a Responses stream the chat way: not an event to fail on.
  'data: [DONE]\n\n';

describe('OpenAI-compatible answers are relayed byte for byte, with the useful upstream headers', () => {
  let upstream: Server;
  /** Every request body the upstream received, as text. */
  const received: string[] = [];
  let harness: TestGateway;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      let text = '';
      request.on('data', (piece: Buffer) => (text += piece.toString()));
      request.on('end', () => {
        received.push(text);
        const { stream } = JSON.parse(text) as { stream?: boolean };
        if (request.url !== '/v1/chat/completions' || stream) {
          const body = request.url === '/v1/responses' ? (stream ? RESPONSE_STREAM : RESPONSE_BODY) : CHAT_STREAM;
          response.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' }).end(body);
          return;
        }
        response
          .writeHead(200, {
            'content-type': 'application/json',
            'x-request-id': 'req_upstream_0001',
            'openai-processing-ms': '12',
            'openai-model': 'gpt-4.1-2025-04-14',
            'x-ratelimit-remaining-requests': '9999',
          })
          .end(UPSTREAM_BODY);
      });
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
    // This request's line (the file's other tests log theirs too, in whatever order they run).
    const requestId = response.headers.get('x-request-id');
    const logged = await waitForLogLine(harness.logs, (line) => line.msg === 'request' && line.requestId === requestId);
    expect(logged).toMatchObject({ status: 200, promptTokens: 3, completionTokens: 2 });
  });

  it('relays chat stream events and Responses answers and events as the upstream wrote them, bytes a JSON round trip would change included', async () => {
    const post = (path: string, body: object) => fetch(`${harness.baseUrl}${path}`, { method: 'POST', headers: authorized(), body: JSON.stringify(body) });
    // The client asks for the usage this upstream sends (one it did not ask for is stripped, re-encoded).
    const chatStream = await (await post('/chat/completions', { model: 'gpt-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] })).text();
    expect(chatStream).toBe(CHAT_STREAM);
    expect(await (await post('/responses', { model: 'gpt-5', input: 'hi' })).text()).toBe(RESPONSE_BODY);
    expect(await (await post('/responses', { model: 'gpt-5', input: 'hi', stream: true })).text()).toBe(RESPONSE_STREAM);
    // The round trip these bodies are chosen to fail.
    expect(JSON.stringify(JSON.parse(RESPONSE_BODY))).not.toBe(RESPONSE_BODY);
  });

  it("sends the client's own bytes upstream, only the model replaced, on chat and on Responses", async () => {
    const chat = '{ "model":"gpt-test",\n  "messages":[{"role":"user","content":"caf\\u00e9"}], "seed":12345678901234567890, "temperature":1.0 }';
    const responses = '{"input":"caf\\u00e9 \\u2028","model" : "gpt-5", "metadata":{"trace":98765432109876543210}}';
    await (await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', headers: authorized(), body: chat })).text();
    expect(received.at(-1)).toBe(chat.replace('"gpt-test"', '"gpt-4.1-mini"'));
    await (await fetch(`${harness.baseUrl}/responses`, { method: 'POST', headers: authorized(), body: responses })).text();
    expect(received.at(-1)).toBe(responses);
  });
});
