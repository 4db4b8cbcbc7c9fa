import type { Socket } from 'node:net';
import type { buildConnector, Client as UndiciClient, Dispatcher } from 'undici';
import { Client } from './undici-parts.js';
import { CONNECTION_DROPPED } from './stale-socket-watch.js';

/** How undici reports a connection the peer closed under a request ("other side closed"), besides a reset. */
const DROPPED = new Set([...CONNECTION_DROPPED, 'UND_ERR_SOCKET']);

/** The socket a pooled client is on, and how many requests were written on it. */
class ClientConnection {
  socket: Socket | undefined;
  requestsWritten = 0;

  /** `connect` reporting each new socket here before the client uses it. */
  watch(connect: buildConnector.connector): buildConnector.connector {
    return (options, callback) =>
      connect(options, (...result) => {
        this.socket = result[1] ?? undefined;
        this.requestsWritten = 0;
        callback(...result);
      });
  }
}

/** Which client each request was handed to (keyed by its dispatch options, which undici passes along untouched). */
const connectionOfRequest = new WeakMap<Dispatcher.DispatchOptions, ClientConnection>();

/**
 * A pool's client (one connection at a time) that lets a request see the socket it is written on:
 * undici does not tell, and the keep-alive race is told apart by it (see StaleConnectionWatch).
 */
export class ConnectionAwareClient extends Client {
  private readonly connection: ClientConnection;

  constructor(origin: URL, options: UndiciClient.Options & { connect: buildConnector.connector }) {
    const connection = new ClientConnection();
    super(origin, { ...options, connect: connection.watch(options.connect) });
    this.connection = connection;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    connectionOfRequest.set(options, this.connection);
    return super.dispatch(options, handler);
  }
}

/**
 * The keep-alive race on undici (see StaleSocketWatch for got): a request written on a reused
 * connection that fails with a reset before any byte of its answer was never processed by the
 * upstream. Started when undici writes the request (`onRequestStart`), on a ConnectionAwareClient.
 */
export class StaleConnectionWatch {
  private constructor(
    private readonly socket: Socket,
    private readonly reused: boolean,
    private readonly bytesReadBefore: number,
  ) {}

  /** The watch for a request being written now, or undefined when it did not go through a ConnectionAwareClient. */
  static start(options: Dispatcher.DispatchOptions): StaleConnectionWatch | undefined {
    const connection = connectionOfRequest.get(options);
    const socket = connection?.socket;
    if (!connection || !socket) return undefined;
    return new StaleConnectionWatch(socket, connection.requestsWritten++ > 0, socket.bytesRead);
  }

  /** True when `error` is that race: a reused connection dropped before any answer byte arrived. */
  explains(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return this.reused && this.socket.bytesRead === this.bytesReadBefore && typeof code === 'string' && DROPPED.has(code);
  }
}
