/**
 * How a request ended: answered in full; admitted but ended in an error; refused before reaching
 * the upstream; abandoned by the client; cut by the gateway's shutdown at the grace deadline.
 */
export type UsageOutcome = 'completed' | 'failed' | 'refused' | 'client_aborted' | 'shutdown';

/**
 * The last stage a request reached: its body arriving, its checks (validation, model, scope,
 * budget, limits), waiting for the upstream (its headers; a non-streamed answer: all of it),
 * relaying a stream, or writing a whole answer.
 */
export type RequestStage = 'body' | 'admission' | 'upstream' | 'streaming' | 'responding';

/** How a relayed stream ended. */
export type StreamOutcome = 'completed' | 'client-aborted' | 'failed';

/** What a response's connection told when it closed; taken at that moment by the HTTP host. */
export interface ConnectionClose {
  /** The whole answer was handed to the OS. */
  readonly finished: boolean;
  readonly headersSent: boolean;
  /** Cut by the gateway at the end of its shutdown grace period, not by the client. */
  readonly cutByShutdown: boolean;
}

/** What the HTTP host reads once the request is over (a stream's: once it has settled). */
export interface ResponseState {
  /** The status set on the response (Koa's is 404 until a route sets one). */
  readonly status: number;
  /** The request body has fully arrived. */
  readonly bodyComplete: boolean;
}

export interface RequestEnding {
  /** The status the client got; 499 when it left before any, 503 when the gateway stopped before any. */
  readonly status: number;
  readonly outcome: UsageOutcome;
  readonly stage: RequestStage;
}

/** How far a request got, as the pipeline marked it. */
export interface RequestProgress {
  /** `upstream` once admitted, then `streaming` or `responding`. */
  readonly stage?: RequestStage;
  readonly streamOutcome?: StreamOutcome;
  readonly admitted: boolean;
}

/** nginx's "client closed request": the client left before a status was sent. */
export const CLIENT_CLOSED_REQUEST = 499;
/** The gateway stopped (its shutdown grace period ended) before a status was sent. */
const STOPPED_BEFORE_ANSWERING = 503;

const NOT_STARTED: RequestProgress = { admitted: false };

/**
 * Status, outcome and stage of a request whose connection has closed (a stream's: once settled),
 * for its usage record and its log line. A request abandoned before any answer gets 499 (503 when
 * the shutdown cut it). The stage is what the pipeline marked, else `admission` once the body has
 * fully arrived (its checks), else `body`.
 */
export function describeRequestEnding(close: ConnectionClose, response: ResponseState, progress: RequestProgress = NOT_STARTED): RequestEnding {
  const stage = progress.stage ?? (response.bodyComplete ? 'admission' : 'body');
  if (!close.finished) {
    const outcome = close.cutByShutdown ? 'shutdown' : 'client_aborted';
    const unanswered = outcome === 'shutdown' ? STOPPED_BEFORE_ANSWERING : CLIENT_CLOSED_REQUEST;
    return { status: close.headersSent ? response.status : unanswered, outcome, stage };
  }
  if (response.status < 400 && progress.streamOutcome !== 'failed') return { status: response.status, outcome: 'completed', stage };
  return { status: response.status, outcome: progress.admitted ? 'failed' : 'refused', stage };
}
