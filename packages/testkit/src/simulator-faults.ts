/** Wait `ms` before answering, headers included: for upstream time-out tests. */
export interface DelayFault {
  type: 'delay';
  ms: number;
}

/**
 * Answer with this HTTP status instead of a completion. Without `body` the vendor's own error body
 * for that status is sent; a string body is sent as is, anything else as JSON. The headers are the
 * vendor's usual ones for that status (`VendorErrorFormat.errorHeaders`), then `headers`.
 *
 * A 429 is by default what the vendor really sends, and vendors differ: OpenAI sends its
 * `x-ratelimit-*` headers but no `retry-after`, DeepSeek and most compatible servers send no header
 * at all, Anthropic sends `retry-after` with its `anthropic-ratelimit-*` headers, Gemini sends no
 * header and says how long to wait in the body (`RetryInfo`). `retryAfterSeconds` asks for a wait,
 * told the vendor's way (a `retry-after` header, or Gemini's `RetryInfo.retryDelay`): the tidy 429
 * a test of retry-after handling wants.
 */
export interface StatusFault {
  type: 'status';
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** Send `afterChunks` stream events, then destroy the socket (the client sees a reset, not an end). */
export interface ResetMidStreamFault {
  type: 'reset-mid-stream';
  afterChunks: number;
}

/** Send `afterChunks` good events, then `data: {not json`, then carry on normally. */
export interface MalformedChunkFault {
  type: 'malformed-chunk';
  afterChunks: number;
}

/** Send the headers, then wait `ms` before the first event: for idle time-out and keep-alive tests. */
export interface StallFault {
  type: 'stall';
  ms: number;
}

/** Send `afterChunks` events, then the vendor's in-stream error event, then end without the normal terminator. */
export interface MidStreamErrorFault {
  type: 'mid-stream-error';
  afterChunks: number;
  message?: string;
}

/**
 * A scripted misbehaviour. Each simulator keeps a FIFO queue of them and the next request to a
 * generation endpoint takes one. Stream faults sent to a non-streaming request act on its body:
 * reset sends half the body then destroys the socket, malformed sends a body that is not JSON,
 * stall waits between headers and body, mid-stream-error answers 200 with the vendor's error body.
 */
export type SimulatorFault = DelayFault | StatusFault | ResetMidStreamFault | MalformedChunkFault | StallFault | MidStreamErrorFault;

/** How one vendor spells errors; lets the generic fault players stay vendor-neutral. */
export interface VendorErrorFormat {
  /** The body of an error answer with this status, e.g. for a status fault that names no body. */
  errorBody(status: number, details: { message?: string; retryAfterSeconds?: number }): unknown;
  /**
   * The headers the vendor adds to an error answer with this status (a 429's `retry-after` and
   * rate-limit headers), `retryAfterSeconds` being the wait a test asked for; none when omitted.
   */
  errorHeaders?(status: number, details: { retryAfterSeconds?: number }): Record<string, string>;
  /** The complete, framed stream event that reports a failure after the stream started. */
  midStreamErrorEvent(message: string | undefined): string;
  /** The complete, framed event that is not valid JSON; `data: {not json\n\n` when omitted. */
  malformedEvent?: string;
}

export const MALFORMED_SSE_EVENT = 'data: {not json\n\n';
