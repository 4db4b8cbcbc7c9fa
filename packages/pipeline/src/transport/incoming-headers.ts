import type { IncomingHttpHeaders } from 'node:http';

/** Headers of which node:http keeps the first value only, a repeat being meaningless or an attack. */
const FIRST_VALUE_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/**
 * undici's response headers (lower-case names, a list for any repeated header) as node:http gives
 * them, which is what readers of an UpstreamReply expect whatever the transport: a repeated header
 * joined with ", " (`set-cookie` stays a list, `cookie` is joined with "; "), or its first value
 * for the headers in FIRST_VALUE_ONLY. `headers` is changed in place and returned.
 */
export function asIncomingHeaders(headers: Record<string, string | string[] | undefined>): IncomingHttpHeaders {
  for (const name in headers) {
    const value = headers[name];
    if (!Array.isArray(value) || name === 'set-cookie') continue;
    headers[name] = FIRST_VALUE_ONLY.has(name) ? value[0] : value.join(name === 'cookie' ? '; ' : ', ');
  }
  return headers as IncomingHttpHeaders;
}
