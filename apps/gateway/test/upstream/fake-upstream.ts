import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { UpstreamConfig } from '../../src/config/gateway-config.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** Which connection of the server it came on (1 = the first one accepted). */
  readonly connection: number;
  /** How many requests that connection had carried before this one. */
  readonly earlierOnConnection: number;
}

export type FakeHandler = (request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest) => void;

export interface FakeUpstream {
  readonly server: Server;
  /** Base URL to configure as a provider's `baseUrl` (ends with /v1). */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** TCP connections accepted, whether or not a request came on them. */
  connections: number;
  close(): Promise<void>;
}

/**
 * A plain HTTP server on 127.0.0.1 playing an upstream: it records every connection and request
 * (headers only; the body is drained) and lets `handler` answer, or misbehave.
 */
export async function startFakeUpstream(handler: FakeHandler): Promise<FakeUpstream> {
  const sockets = new Set<Socket>();
  const requestsPerSocket = new WeakMap<Socket, { id: number; count: number }>();
  const upstream = { requests: [] as RecordedRequest[], connections: 0 };
  const server = createServer((request, response) => {
    const socketInfo = requestsPerSocket.get(request.socket)!;
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      connection: socketInfo.id,
      earlierOnConnection: socketInfo.count++,
    };
    upstream.requests.push(recorded);
    request.resume();
    handler(request, response, recorded);
  });
  server.on('connection', (socket: Socket) => {
    upstream.connections++;
    requestsPerSocket.set(socket, { id: upstream.connections, count: 0 });
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(upstream, {
    server,
    port,
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export type GatewayBeforeUpstream = GatewayInFrontOf<FakeUpstream>;

/** A gateway whose `openai` provider (model `gpt-test`) points at `upstream`. */
export function startGatewayBefore(upstream: FakeUpstream, upstreamConfig: Partial<UpstreamConfig> = {}): Promise<GatewayBeforeUpstream> {
  return startGatewayInFrontOf(upstream, {
    server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 1_000 },
    upstream: upstreamConfig,
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: upstream.url, apiKey: UPSTREAM_KEY } }],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    storage: { driver: 'sqlite', path: ':memory:' },
  });
}

export const CHAT_COMPLETION = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

export function chatChunk(content: string): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

export const CHAT_STREAM = `${chatChunk('Hi')}data: [DONE]\n\n`;

const RESPONSE = { id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-4.1-mini', output: [], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } };

export const RESPONSES_JSON = JSON.stringify(RESPONSE);

export const RESPONSES_STREAM =
  `event: response.created\ndata: ${JSON.stringify({ type: 'response.created', sequence_number: 0, response: { ...RESPONSE, status: 'in_progress' } })}\n\n` +
  `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', sequence_number: 1, response: RESPONSE })}\n\n`;

/** Answers a well-formed chat completion, Responses answer or stream, as the request asks, `delayMs` after reading it. */
export function answerAfter(delayMs: number): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => answer(request, response, delayMs);
}

/** Answers at once, as `answerAfter`. */
export function answerNormally(request: IncomingMessage, response: ServerResponse): void {
  answer(request, response, 0);
}

function answer(request: IncomingMessage, response: ServerResponse, delayMs: number): void {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (delayMs === 0) reply();
    else {
      const timer = setTimeout(reply, delayMs);
      response.once('close', () => clearTimeout(timer));
    }
  });
  const reply = () => {
    const stream = (JSON.parse(body) as { stream?: boolean }).stream === true;
    const responses = request.url?.endsWith('/responses') === true;
    if (stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(responses ? RESPONSES_STREAM : CHAT_STREAM);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(responses ? RESPONSES_JSON : CHAT_COMPLETION);
    }
  };
}

export function chatRequest(stream = false): string {
  return JSON.stringify({ model: 'gpt-test', stream, messages: [{ role: 'user', content: 'the secret prompt' }] });
}

export function responsesRequest(stream = false): string {
  return JSON.stringify({ model: 'gpt-test', stream, input: 'the secret prompt' });
}
