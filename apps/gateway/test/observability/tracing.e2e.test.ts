import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { eventually } from '../support/admin-client.js';
import { authorized, createMemoryLogSink, TEST_SERVICE_KEY, UPSTREAM_KEY, type OpenAiSimulator } from '../support/test-gateway.js';

// Traces of model requests through the gateway: the SDK's in-memory exporter for the spans'
// content, a real OTLP/HTTP receiver on loopback for the export itself.

const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const CLIENT_TRACEPARENT = `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const PROMPT = 'The secret prompt 7f3a';

let east: OpenAiSimulator;
let west: OpenAiSimulator;
beforeAll(async () => {
  [east, west] = await Promise.all([startOpenAiSimulator({ apiKey: UPSTREAM_KEY }), startOpenAiSimulator({ apiKey: UPSTREAM_KEY })]);
});
afterAll(async () => {
  await Promise.all([east.close(), west.close()]);
});
beforeEach(() => {
  east.reset();
  west.reset();
});

/** `house` on two deployments (east first, west only as the retry), two attempts allowed. */
function config(tracing: GatewayConfigInput['tracing']): GatewayConfigInput {
  const openAi = (id: string, url: string) => ({ package: '@modelgate/provider-openai', id, routeUnlistedModels: false, settings: { baseUrl: url, apiKey: UPSTREAM_KEY } });
  return {
    server: { host: '127.0.0.1', port: 0 },
    providers: [openAi('east', east.url), openAi('west', west.url)],
    models: [{ id: 'house', provider: 'east', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'west', upstreamModel: 'gpt-4.1-nano', weight: 0 }] }],
    resilience: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    storage: { driver: 'sqlite', path: ':memory:' },
    tracing,
  };
}

async function start(input: GatewayConfigInput, spanExporter?: InMemorySpanExporter): Promise<RunningGateway> {
  const { sink } = createMemoryLogSink();
  return startGateway(parseGatewayConfig(input, {}, 'test'), { logger: pino({ level: 'warn' }, sink), baseDirectory: process.cwd(), spanExporter });
}

/** A streamed chat whose first attempt (east) gets a 503 and is retried on west. */
async function streamedRetriedChat(gateway: RunningGateway, headers: Record<string, string> = {}): Promise<string> {
  east.enqueueFault({ type: 'status', status: 503 });
  const response = await fetch(`${gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: authorized(headers),
    body: JSON.stringify({ model: 'house', stream: true, stream_options: { include_usage: true }, max_tokens: 50, messages: [{ role: 'user', content: PROMPT }] }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function finishedSpans(exporter: InMemorySpanExporter, count: number): Promise<ReadableSpan[]> {
  await eventually(() => exporter.getFinishedSpans().length >= count);
  return exporter.getFinishedSpans();
}

describe('a streamed, retried request traced with the in-memory exporter', () => {
  let gateway: RunningGateway;
  const exporter = new InMemorySpanExporter();
  let request: ReadableSpan;
  let attempts: ReadableSpan[];
  const sentUpstream: Record<'east' | 'west', unknown[]> = { east: [], west: [] };

  beforeAll(async () => {
    gateway = await start(config({ endpoint: 'http://127.0.0.1:9/v1/traces' }), exporter);
    // Only this request's: the upstreams are shared with the file's other tests, which may run first.
    const [eastBefore, westBefore] = [east.requests.length, west.requests.length];
    await streamedRetriedChat(gateway, { traceparent: CLIENT_TRACEPARENT });
    sentUpstream.east = east.requests.slice(eastBefore).map((recorded) => recorded.headers.traceparent);
    sentUpstream.west = west.requests.slice(westBefore).map((recorded) => recorded.headers.traceparent);
    const spans = await finishedSpans(exporter, 3);
    request = spans.find((span) => span.kind === SpanKind.SERVER)!;
    attempts = spans.filter((span) => span.kind === SpanKind.CLIENT).sort((a, b) => Number(a.attributes['modelgate.attempt']) - Number(b.attributes['modelgate.attempt']));
  });
  afterAll(() => gateway.close());

  it("has one request span, a child of the client's traceparent, with the GenAI attributes", () => {
    expect(request.name).toBe('chat house');
    expect(request.spanContext().traceId).toBe(CLIENT_TRACE_ID);
    expect(request.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    expect(request.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'house',
      'gen_ai.request.max_tokens': 50,
      'gen_ai.response.model': expect.stringMatching(/^gpt-4\.1-nano/),
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': expect.any(Number),
      'gen_ai.usage.output_tokens': expect.any(Number),
      'http.response.status_code': 200,
      'modelgate.attempts': 2,
      'modelgate.deployment': 'west/gpt-4.1-nano',
      'modelgate.stream': true,
      'modelgate.outcome': 'completed',
    });
    expect(Number(request.attributes['gen_ai.usage.input_tokens'])).toBeGreaterThan(0);
    expect(request.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('has one span per upstream attempt under it: the failed one and the retry', () => {
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(attempt.spanContext().traceId).toBe(CLIENT_TRACE_ID);
      expect(attempt.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.max_tokens': 50, 'modelgate.model': 'house' });
    }
    expect(attempts[0]!.name).toBe('chat gpt-4.1-mini');
    expect(attempts[0]!.attributes).toMatchObject({ 'gen_ai.request.model': 'gpt-4.1-mini', 'modelgate.deployment': 'east/gpt-4.1-mini', 'error.type': 'overloaded' });
    expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempts[1]!.attributes).toMatchObject({ 'gen_ai.request.model': 'gpt-4.1-nano', 'modelgate.deployment': 'west/gpt-4.1-nano', 'http.response.status_code': 200 });
    expect(attempts[1]!.attributes['error.type']).toBeUndefined();
  });

  it("sends each attempt's own span upstream as its traceparent", () => {
    expect(sentUpstream.east).toEqual([`00-${CLIENT_TRACE_ID}-${attempts[0]!.spanContext().spanId}-01`]);
    expect(sentUpstream.west).toEqual([`00-${CLIENT_TRACE_ID}-${attempts[1]!.spanContext().spanId}-01`]);
  });

  it('records no prompt or answer', () => {
    const everything = JSON.stringify(exporter.getFinishedSpans().map((span) => [span.attributes, span.events]));
    expect(everything).not.toContain(PROMPT);
    expect(everything).not.toContain('gen_ai.input.messages');
    expect(everything).not.toContain('gen_ai.output.messages');
  });
});

describe('tracing options', () => {
  it('records the prompt and the streamed answer only with captureContent', async () => {
    const exporter = new InMemorySpanExporter();
    const gateway = await start(config({ endpoint: 'http://127.0.0.1:9/v1/traces', captureContent: true }), exporter);
    try {
      const body = await streamedRetriedChat(gateway);
      const request = (await finishedSpans(exporter, 3)).find((span) => span.kind === SpanKind.SERVER)!;
      expect(String(request.attributes['gen_ai.input.messages'])).toContain(PROMPT);
      expect(body).toContain('Echo');
      expect(String(request.attributes['gen_ai.output.messages'])).toContain(`Echo: ${PROMPT}`);
    } finally {
      await gateway.close();
    }
  });

  it('starts a new trace without a traceparent, and sends none upstream when tracing is off', async () => {
    const exporter = new InMemorySpanExporter();
    const traced = await start(config({ endpoint: 'http://127.0.0.1:9/v1/traces' }), exporter);
    try {
      await streamedRetriedChat(traced);
      const request = (await finishedSpans(exporter, 3)).find((span) => span.kind === SpanKind.SERVER)!;
      expect(request.parentSpanContext).toBeUndefined();
      expect(request.spanContext().traceId).not.toBe(CLIENT_TRACE_ID);
    } finally {
      await traced.close();
    }
    east.reset();
    west.reset();
    const untraced = await start(config(undefined));
    try {
      await streamedRetriedChat(untraced, { traceparent: CLIENT_TRACEPARENT });
      expect([...east.requests, ...west.requests].map((recorded) => recorded.headers.traceparent)).toEqual([undefined, undefined]);
    } finally {
      await untraced.close();
    }
  });
});

describe('export over OTLP/HTTP', () => {
  it('sends the spans to a real OTLP/HTTP receiver on loopback, flushed when the gateway stops', async () => {
    const received: Array<{ path: string; type: string | undefined; body: unknown }> = [];
    const receiver: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', type: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
    try {
      const gateway = await start(config({ endpoint, serviceName: 'modelgate-test', headers: { 'x-collector-token': 'abc' } }));
      await streamedRetriedChat(gateway, { traceparent: CLIENT_TRACEPARENT });
      await gateway.close();
      expect(received.length).toBeGreaterThan(0);
      expect(received[0]).toMatchObject({ path: '/v1/traces', type: 'application/json' });
      const resourceSpans = received.flatMap((export_) => (export_.body as { resourceSpans: Array<{ resource: { attributes: unknown[] }; scopeSpans: Array<{ spans: Array<{ name: string; traceId: string; attributes: Array<{ key: string; value: Record<string, unknown> }> }> }> }> }).resourceSpans);
      expect(resourceSpans[0]!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'modelgate-test' } });
      const spans = resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
      expect(spans.map((span) => span.name).sort()).toEqual(['chat gpt-4.1-mini', 'chat gpt-4.1-nano', 'chat house']);
      expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([CLIENT_TRACE_ID]));
      const request = spans.find((span) => span.name === 'chat house')!;
      expect(request.attributes).toContainEqual({ key: 'gen_ai.request.model', value: { stringValue: 'house' } });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
