import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenAndAnnouncePort } from '../process/announce-port.js';
import { ALWAYS_503_PREFIX, findCannedRoute, HOLD_MODEL } from './simulator-routes.js';

// The bench's vendor simulator: OpenAI chat, Anthropic Messages and Responses, JSON or SSE, with
// fixed canned bodies and no validation, so it costs as little as a server can. A body that names
// the model `bench-hold` gets its stream's first event and then silence until the client leaves;
// a path under `/always-503` gets 503, as a deployment that is down answers.

const JSON_HEADERS = { 'content-type': 'application/json' };
const STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };
const UNAVAILABLE = Buffer.from('{"error":{"message":"this deployment is always down","type":"server_error","code":null}}');

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  if (request.url?.startsWith(ALWAYS_503_PREFIX)) {
    response.writeHead(503, JSON_HEADERS).end(UNAVAILABLE);
    return;
  }
  const route = findCannedRoute(request.url ?? '');
  if (!route) {
    response.writeHead(404, JSON_HEADERS).end('{"error":{"message":"unknown path","type":"invalid_request_error"}}');
    return;
  }
  if (!body.includes('"stream":true')) {
    response.writeHead(200, JSON_HEADERS).end(route.json);
    return;
  }
  response.writeHead(200, STREAM_HEADERS);
  if (body.includes(HOLD_MODEL)) {
    response.write(route.firstEvent);
    return;
  }
  response.end(route.stream);
}

const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0, noDelay: true }, (request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (piece: string) => (body += piece));
  request.on('end', () => answer(request, response, body));
});
server.maxRequestsPerSocket = 0;
listenAndAnnouncePort(server);
