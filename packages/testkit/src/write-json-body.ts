import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** Whether the request that this response answers takes a gzip-compressed body. */
function acceptsGzip(response: ServerResponse): boolean {
  const accepted = response.req?.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b/i.test(accepted);
}

/**
 * Sends a complete JSON answer, gzip-compressed when the client accepts it (as the vendors' edges
 * do), so a gateway that forgets to decode, or decodes twice, fails here too.
 */
export function writeJsonBody(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  const gzip = acceptsGzip(response);
  const encoded = gzip ? gzipSync(text) : Buffer.from(text);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(encoded.length),
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...headers,
  });
  response.end(encoded);
}
