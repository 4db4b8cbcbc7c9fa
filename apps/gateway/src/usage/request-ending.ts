import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import type { RequestStage, UsageOutcome } from './usage-record.js';

/** What a response's connection told when it closed; taken at that moment. */
export interface ConnectionClose {
  /** The whole answer was handed to the OS. */
  readonly finished: boolean;
  readonly headersSent: boolean;
  /** Cut by the gateway at the end of its shutdown grace period, not by the client. */
  readonly cutByShutdown: boolean;
}

export interface RequestEnding {
  /** The status the client got; 499 when it left before any, 503 when the gateway stopped before any. */
  readonly status: number;
  readonly outcome: UsageOutcome;
  readonly stage: RequestStage;
}

/** nginx's "client closed request": the client left before a status was sent. */
export const CLIENT_CLOSED_REQUEST = 499;
/** The gateway stopped (its shutdown grace period ended) before a status was sent. */
const STOPPED_BEFORE_ANSWERING = 503;

export function noteConnectionClose(response: ServerResponse, lifecycle: GatewayLifecycle): ConnectionClose {
  const finished = response.writableFinished;
  return { finished, headersSent: response.headersSent, cutByShutdown: !finished && lifecycle.connectionsCut };
}

/**
 * How far the request got: what the gateway marked (`upstream` once admitted, then `streaming` or
 * `responding`), else `admission` once its body has fully arrived (its checks), else `body`.
 */
export function reachedStage(state: GatewayState, request: IncomingMessage): RequestStage {
  return state.stage ?? (request.complete ? 'admission' : 'body');
}

/**
 * Status, outcome and stage of a request whose connection has closed (a stream's: once settled),
 * for its usage record and its log line. Koa's status is 404 until a route sets one, so a request
 * abandoned before any answer gets 499 instead.
 */
export function describeRequestEnding(state: GatewayState, close: ConnectionClose, status: number, request: IncomingMessage): RequestEnding {
  const stage = reachedStage(state, request);
  if (!close.finished) {
    const outcome = close.cutByShutdown ? 'shutdown' : 'client_aborted';
    const unanswered = outcome === 'shutdown' ? STOPPED_BEFORE_ANSWERING : CLIENT_CLOSED_REQUEST;
    return { status: close.headersSent ? status : unanswered, outcome, stage };
  }
  if (status < 400 && state.streamOutcome !== 'failed') return { status, outcome: 'completed', stage };
  return { status, outcome: state.admission ? 'failed' : 'refused', stage };
}
