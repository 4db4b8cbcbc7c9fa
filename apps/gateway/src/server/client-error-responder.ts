import type { Server } from 'node:http';
import { nodeHttp } from '../runtime/commonjs-modules.js';
import type { Duplex } from 'node:stream';

const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Requests that never reach the app (malformed HTTP, headers too large, too slow) are answered by
 * Node itself with a bare status line; this answers them in OpenAI's error envelope too, so that a
 * client gets the same shape of error whatever it did wrong, and the connection is closed.
 */
export function answerClientErrorsInEnvelope(server: Server): void {
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // A reset, or a response already under way on this connection: nothing can be written.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const status = STATUS_BY_CODE[error.code ?? ''] ?? 400;
    const body = JSON.stringify({
      error: {
        message: status === 408 ? 'The request was not received in time.' : status === 431 ? 'The request headers are too large.' : 'The request is not valid HTTP.',
        type: 'invalid_request_error',
        param: null,
        code: status === 408 ? 'request_timeout' : status === 431 ? 'request_header_fields_too_large' : 'bad_request',
      },
    });
    // An answer to HEAD has no body, or the client would read it as the start of another answer.
    const isHead = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    );
  });
}
