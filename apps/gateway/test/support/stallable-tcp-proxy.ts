import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StallableTcpProxy {
  /** `host:port` of the proxy. */
  readonly port: number;
  /** Stops forwarding in both directions for `ms` (connections stay open): a stalled server. */
  stall(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server, which can stop forwarding for a while, to
 * stall one client's connection to a shared server (Redis) without pausing it for everyone else.
 */
export async function startStallableTcpProxy(targetPort: number): Promise<StallableTcpProxy> {
  const sockets = new Set<Socket>();
  let stalledUntil = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        const delay = stalledUntil - Date.now();
        if (delay <= 0) {
          to.write(chunk);
          return;
        }
        from.pause();
        setTimeout(() => {
          to.write(chunk);
          from.resume();
        }, delay);
      });
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async stall(ms) {
      stalledUntil = Date.now() + ms;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
