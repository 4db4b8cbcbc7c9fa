import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One exchange as it crossed the proxy: the request path and the upstream's answer, byte for byte. */
export interface ProxiedExchange {
  readonly path: string;
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Every answer relayed, oldest first, complete once its body ended. */
  readonly exchanges: ProxiedExchange[];
  close(): Promise<void>;
}

/** A JSON body indented, which no gateway that parses and re-encodes it would send on; other bodies as they are. */
function reformatJson(body: Buffer): Buffer {
  try {
    return Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 1));
  } catch {
    return body;
  }
}

/**
 * An HTTP proxy on 127.0.0.1 in front of a simulator that keeps the exact bytes of every answer it
 * sent on, so a test can compare what the upstream sent with what the gateway's client received.
 * It sends them in an unusual but valid form (JSON indented, event streams with CRLF line ends), so
 * that only a gateway that relays the upstream's bytes gives the client the same ones.
 */
export async function startRecordingProxy(targetOrigin: string): Promise<RecordingProxy> {
  const target = new URL(targetOrigin);
  const exchanges: ProxiedExchange[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        const eventStream = String(answer.headers['content-type']).startsWith('text/event-stream');
        // The simulator gzips JSON for a client that accepts it: the proxy sends its own form, plain.
        const gzipped = answer.headers['content-encoding'] === 'gzip';
        const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const pieces: Buffer[] = [];
        answer.on('data', (piece: Buffer) => {
          pieces.push(piece);
          // Each event as soon as it comes, with CRLF line ends: still a valid stream, unlike what a re-encoder writes.
          if (eventStream) outgoing.write(piece.toString('utf8').replaceAll('\n', '\r\n'));
        });
        answer.on('end', () => {
          const received = gzipped ? gunzipSync(Buffer.concat(pieces)) : Buffer.concat(pieces);
          const body = eventStream ? Buffer.from(received.toString('utf8').replaceAll('\n', '\r\n')) : reformatJson(received);
          exchanges.push({ path: incoming.url ?? '', status: answer.statusCode ?? 502, headers: answer.headers, body });
          outgoing.end(eventStream ? undefined : body);
        });
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
