import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { UpstreamRequestV1 } from '@modelgate/core';

export { isUpstreamTransportFailure, toUpstreamTransportError } from './upstream-transport-errors.js';

/** The size limits of the configuration, carried with each answer to whoever reads it. */
export interface UpstreamAnswerLimits {
  /** A whole (non-streamed) body, success or error. */
  readonly maxResponseBytes: number;
  /** One event of a stream. */
  readonly maxEventBytes: number;
  /** The longest wait between two events of a stream (the relays time it: comments do not count). */
  readonly streamIdleTimeoutMs: number;
}

export interface UpstreamReply {
  readonly status: number;
  /** As node:http gives them: lower-case names, repeated values joined (`set-cookie` a list). */
  readonly headers: IncomingHttpHeaders;
  /** The body as it arrives; already decompressed. */
  readonly body: Readable;
  readonly limits: UpstreamAnswerLimits;
}

/**
 * The seam between the pipeline and the HTTP client (got or undici, `upstream.transport`): the
 * only code that talks to upstreams. Every implementation keeps one contract, checked by one test
 * suite (`upstream-transport.test.ts`):
 * - time-outs: `connectTimeoutMs` to connect, `timeoutMs` to the response headers (for a
 *   non-streamed answer, to its end), `totalTimeoutMs` for a whole stream; a stream's silences are
 *   timed by the relays. Time-outs are 504 `upstream_timeout`;
 * - `signal` aborts the request at any point, closing its connection;
 * - no redirect is followed (502 `upstream_redirect`), and no retry but one: a request lost on a
 *   reused keep-alive connection before any answer byte is sent once more on a new connection;
 * - pooled connections idle for `idleSocketTimeoutMs` are closed;
 * - bodies arrive decompressed (gzip, deflate, br); failures are GatewayErrors (502
 *   `upstream_unreachable` before the answer, `upstream_interrupted` while it arrives, through
 *   the readers).
 */
export interface UpstreamTransport {
  /** Sends the request and resolves once the upstream's status and headers have arrived. */
  open(request: UpstreamRequestV1, signal: AbortSignal): Promise<UpstreamReply>;
  /** Closes every pooled connection. */
  close(): Promise<void>;
}
