import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerConfig } from '../config/gateway-config.js';

/** How often Node checks connections for the header and request time-outs (its default is 30 s). */
const MAX_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Node's own protections against slow clients, all on: a connection that has not sent its
 * headers within `headersTimeoutMs`, or its whole request within `requestTimeoutMs`, is answered
 * 408 and closed. These clocks stop once the request is in, so a long answer (a stream) is never
 * cut by them; silent keep-alive connections are closed after `keepAliveTimeout`.
 */
export function serverTimeoutOptions(config: ServerConfig) {
  return {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_INTERVAL_MS, Math.ceil(config.headersTimeoutMs / 2)),
    keepAliveTimeout: 65_000,
  };
}

/**
 * Bounds the connections one client address holds open, so that one host cannot use up the
 * process's sockets and memory (slowloris with many connections). A connection over the bound is
 * closed at once, before Node reads a byte from it.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
