import type { Socket } from 'node:net';
import type { Request as GotRequest } from 'got';

/** How a connection the peer has already closed fails: a reset, or a write into a closed pipe. */
export const CONNECTION_DROPPED: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Watches one upstream request for the keep-alive race: the pool hands out an idle connection the
 * upstream is closing at that very moment, and the request fails with a reset before any byte of an
 * answer. The upstream then never processed it, so sending it again on a new connection is safe,
 * even for a POST. Any answer byte (decrypted, for TLS) rules that out.
 */
export class StaleSocketWatch {
  private socket: Socket | undefined;
  private answerStarted = false;
  private readonly onData = (): void => {
    this.answerStarted = true;
  };

  constructor(private readonly request: GotRequest) {
    request.once('socket', (socket: Socket) => {
      this.socket = socket;
      socket.on('data', this.onData);
    });
  }

  /** True when `error` is that race: a reused connection dropped before any answer byte. */
  explains(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return this.request.reusedSocket === true && !this.answerStarted && typeof code === 'string' && CONNECTION_DROPPED.has(code);
  }

  /** Detaches from the connection, which goes back to the pool after this request. */
  stop(): void {
    this.socket?.off('data', this.onData);
  }
}
