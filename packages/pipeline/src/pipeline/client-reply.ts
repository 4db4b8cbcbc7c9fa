import type { Writable } from 'node:stream';

export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/**
 * The client's side of an exchange, as the HTTP host offers it: the pipeline answers through it
 * and never sees the framework (Koa in the gateway, plain `node:http` in the conformance host).
 */
export interface ClientReply {
  setHeaders(headers: Readonly<Record<string, string>>): void;
  /** A whole JSON answer: the exact text to send, or an object to serialize. */
  sendJson(status: number, body: string | object): void;
  /** Answers 200 with EVENT_STREAM_HEADERS (`headers` over them: a stream framed otherwise) and returns the stream to write the events into. */
  openEventStream(headers?: Readonly<Record<string, string>>): Writable;
}
