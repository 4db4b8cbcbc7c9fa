import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RecordedRequest } from './recorded-request.js';

/**
 * Answers one recorded request. `signal` aborts when the client goes away or the simulator closes,
 * so scripted waits end with the connection instead of outliving it.
 */
export type SimulatorHandler = (request: RecordedRequest, response: ServerResponse, signal: AbortSignal) => void | Promise<void>;

export interface SimulatorServer {
  /** The origin, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, oldest first, recorded before it is answered. */
  readonly requests: RecordedRequest[];
  /** Stops listening and destroys open connections, so a test never waits on a keep-alive socket. */
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function recordRequest(request: IncomingMessage): Promise<RecordedRequest> {
  const rawBody = await readBody(request);
  const url = new URL(request.url ?? '/', 'http://simulator.invalid');
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    rawBody,
    body: parseJson(rawBody),
  };
}

function answerHandlerFailure(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(`The simulator failed: ${message}`);
}

/** A vendor-neutral HTTP server on 127.0.0.1 with a random port; each vendor simulator supplies the handler. */
export async function startSimulatorServer(handler: SimulatorHandler): Promise<SimulatorServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const closing = new AbortController();

  const server = createServer((request, response) => {
    const connection = new AbortController();
    // `close` also fires after a normal finish; aborting then is harmless.
    response.on('close', () => connection.abort());
    const signal = AbortSignal.any([closing.signal, connection.signal]);
    void (async () => {
      try {
        const recorded = await recordRequest(request);
        requests.push(recorded);
        await handler(recorded, response, signal);
      } catch (error) {
        if (!signal.aborted) answerHandlerFailure(response, error);
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close() {
      closing.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}
