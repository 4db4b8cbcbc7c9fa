/** Wait `ms` before answering, headers included: for upstream time-out tests. */
export interface DelayFault {
  type: 'delay';
  ms: number;
}

/**
 * Answer with this HTTP status instead of a completion. Without `body` the vendor's own error body
 * for that status is sent; a string body is sent as is, anything else as JSON. A 429 always carries
 * `retry-after` (`retryAfterSeconds`, default 1); other statuses only when `retryAfterSeconds` is set.
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
  /** The complete, framed stream event that reports a failure after the stream started. */
  midStreamErrorEvent(message: string | undefined): string;
  /** The complete, framed event that is not valid JSON; `data: {not json\n\n` when omitted. */
  malformedEvent?: string;
}

export const MALFORMED_SSE_EVENT = 'data: {not json\n\n';
