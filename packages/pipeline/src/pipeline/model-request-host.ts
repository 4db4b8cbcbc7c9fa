import type { Exchange } from '../exchange/exchange.js';
import type { ConnectionClose, ResponseState } from '../exchange/request-ending.js';
import type { JsonBody } from '../http/read-json-body.js';
import type { ClientReply } from './client-reply.js';

/** The request's path and query string, for a front whose model or options are in the URL (Gemini's `/v1beta/models/{model}:generateContent?alt=sse`). */
export interface RequestTarget {
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * What the pipeline needs from an HTTP framework to serve one model request (Koa in the gateway,
 * plain `node:http` in the conformance suite): the request's id, start time and headers, its body,
 * the reply, and word of the connection closing. The host never writes the exchange.
 */
export interface ModelRequestHost {
  readonly requestId: string;
  /** `process.hrtime.bigint()` when the request arrived. */
  readonly startedAt: bigint;
  /** The client's request headers (lower-case names). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly target: RequestTarget;
  /** Reads the request body (the host's size, encoding and depth limits apply). */
  readBody(): Promise<JsonBody>;
  readonly reply: ClientReply;
  /** Calls `listener` once, when the response's connection closes (at once, if it has closed already), with what it told then. */
  onClose(listener: (connection: ConnectionClose) => void): void;
  /** The response as it stands once the request is over (a stream's: once it has settled). */
  responseState(): ResponseState;
  /** Told the exchange as soon as it exists, for the host's own readers (the gateway's request log). */
  opened?(exchange: Exchange): void;
}
