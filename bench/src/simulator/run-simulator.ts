import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenAndAnnouncePort } from '../process/announce-port.js';
import { ALWAYS_503_PREFIX, findCannedRoute, hitKey, HITS_PATH, HOLD_MODEL, LONG_MODEL, type AnswerVariant, type CannedRoute } from './simulator-routes.js';
import { writeLongStream } from './write-long-stream.js';

// The bench's vendor simulator: OpenAI chat, Anthropic Messages, Responses and Gemini, JSON or SSE,
// with fixed canned bodies and no validation, so it costs as little as a server can. A request
// naming the model `bench-hold` gets its stream's opening (through the first text delta) and then
// silence until the client leaves; one naming `bench-long` gets the long stream (2,000 deltas) where there is one; a path
// under `/always-503` gets 503, as a deployment that is down answers. Every answered request is
// counted by endpoint and variant; `GET /bench/hits` reads the counts.

const JSON_HEADERS = { 'content-type': 'application/json' };
const STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };
const UNAVAILABLE = Buffer.from('{"error":{"message":"this deployment is always down","type":"server_error","code":null}}');

const hits = new Map<string, number>();

function count(key: string): void {
  hits.set(key, (hits.get(key) ?? 0) + 1);
}

/** Gemini names the model in the path, the others in the body. */
function variantOf(route: CannedRoute, url: string, body: string): AnswerVariant {
  if (body.includes(HOLD_MODEL) || url.includes(HOLD_MODEL)) return 'hold';
  if (route.longStream && body.includes(LONG_MODEL)) return 'long';
  return 'normal';
}

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = request.url ?? '';
  if (url.startsWith(ALWAYS_503_PREFIX)) {
    count(hitKey('always-503', 'normal'));
    response.writeHead(503, JSON_HEADERS).end(UNAVAILABLE);
    return;
  }
  const route = findCannedRoute(url);
  if (!route) {
    response.writeHead(404, JSON_HEADERS).end('{"error":{"message":"unknown path","type":"invalid_request_error"}}');
    return;
  }
  const variant = variantOf(route, url, body);
  count(hitKey(route.endpoint, variant));
  if (!route.alwaysStreams && !body.includes('"stream":true')) {
    response.writeHead(200, JSON_HEADERS).end(route.json);
    return;
  }
  response.writeHead(200, STREAM_HEADERS);
  if (variant === 'hold') response.write(route.opening);
  else if (variant === 'long') writeLongStream(response, route.longStream!);
  else response.end(route.stream);
}

const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0, noDelay: true }, (request, response) => {
  if (request.method === 'GET' && request.url === HITS_PATH) {
    response.writeHead(200, JSON_HEADERS).end(JSON.stringify(Object.fromEntries(hits)));
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (piece: string) => (body += piece));
  request.on('end', () => answer(request, response, body));
});
server.maxRequestsPerSocket = 0;
listenAndAnnouncePort(server);
