import { Agent, createServer, request as sendRequest } from 'node:http';
import { listenAndAnnouncePort } from '../process/announce-port.js';

// The floor: a bare Node `http` reverse proxy with a keep-alive upstream agent, no parsing, no
// translation. Argument: the upstream port on 127.0.0.1.

const upstreamPort = Number(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0, noDelay: true }, (request, response) => {
  const upstream = sendRequest(
    { host: '127.0.0.1', port: upstreamPort, method: request.method, path: request.url, headers: request.headers, agent },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
});
server.maxRequestsPerSocket = 0;
listenAndAnnouncePort(server);
