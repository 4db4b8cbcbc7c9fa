import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** Which connection it came on (1 = the first the server accepted). */
  readonly connection: number;
  /** How many requests that connection had carried before this one. */
  readonly earlierOnConnection: number;
}

export type TestHandler = (request: IncomingMessage, response: ServerResponse, received: ReceivedRequest) => void;

export interface TestUpstream {
  readonly url: string;
  readonly server: Server;
  readonly received: ReceivedRequest[];
  /** Connections accepted so far. */
  connections(): number;
  /** Connections closed so far (by either side). */
  closedConnections(): number;
  /** Resolves once `count` connections have closed. */
  connectionsClosed(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 playing an upstream: it reads each request whole, records it
 * with the connection it came on, then lets `handler` answer or misbehave.
 */
export async function startTestUpstream(handler: TestHandler): Promise<TestUpstream> {
  const received: ReceivedRequest[] = [];
  const perSocket = new WeakMap<Socket, { id: number; count: number }>();
  const sockets = new Set<Socket>();
  let accepted = 0;
  let closed = 0;
  const closeWaiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const socket = perSocket.get(request.socket)!;
      const entry: ReceivedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        connection: socket.id,
        earlierOnConnection: socket.count++,
      };
      received.push(entry);
      handler(request, response, entry);
    });
  });
  server.on('connection', (socket: Socket) => {
    perSocket.set(socket, { id: ++accepted, count: 0 });
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      closed++;
      for (const wake of closeWaiters.splice(0)) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const waitForClosed = (count: number): Promise<void> =>
    closed >= count ? Promise.resolve() : new Promise<void>((resolve) => closeWaiters.push(() => void waitForClosed(count).then(resolve)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    received,
    connections: () => accepted,
    closedConnections: () => closed,
    connectionsClosed: waitForClosed,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (a server's, just closed). */
export async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A listener that never accepts: a child process listens with a backlog of 1 and then blocks, and
 * the kernel's accept queue is filled. A connection to it hangs in its handshake (the SYN is
 * dropped), which is how a connect time-out looks.
 */
export async function startUnacceptingListener(): Promise<{ readonly port: number; close(): void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const server = require('node:net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
        process.stdout.write(String(server.address().port) + '\\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { PATH: process.env.PATH } },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  // The accept queue holds backlog + 1 connections; these fill it.
  const fillers: Socket[] = [];
  for (let index = 0; index < 2; index++) {
    const filler = connect(port, '127.0.0.1');
    fillers.push(filler);
    await once(filler, 'connect');
  }
  return {
    port,
    close() {
      for (const filler of fillers) filler.destroy();
      child.kill('SIGKILL');
    },
  };
}
