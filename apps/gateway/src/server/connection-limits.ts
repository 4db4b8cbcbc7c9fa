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

/** Hextets of an IPv6 address's /64 prefix: what one host (one subnet) holds, as an IPv4 address is. */
const IPV6_HOST_PREFIX_HEXTETS = 4;

/**
 * The group a client address counts in: an IPv4 address (also written IPv4-mapped, `::ffff:a.b.c.d`)
 * on its own; an IPv6 address by its /64, the block one host or site is usually given, so that a
 * client cannot get a fresh allowance from each of its 2^64 addresses.
 */
export function connectionGroupOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%', 1)[0]!.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') && tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headParts.length - tailParts.length);
  const hextets = address.includes('::') ? [...headParts, ...new Array<string>(missing).fill('0'), ...tailParts] : headParts;
  return `${hextets.slice(0, IPV6_HOST_PREFIX_HEXTETS).map((hextet) => hextet.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Bounds the connections one client holds open (one IPv4 address, one IPv6 /64), so that one host
 * cannot use up the process's sockets and memory (slowloris with many connections). A connection
 * over the bound is closed at once, before Node reads a byte from it.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = connectionGroupOf(socket.remoteAddress ?? 'unknown');
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
