import type { CompletionUsage } from '@modelgate/core';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { Admission, RequestGate } from '../limits/request-gate.js';
import type { RequestStage, UsageRecord } from '../usage/usage-record.js';

/** What the middleware and routes of one request share through `ctx.state`. */
export interface GatewayState {
  requestId: string;
  startedAt: bigint;
  key?: AuthenticatedKey;
  model?: string;
  provider?: string;
  stream?: boolean;
  usage?: CompletionUsage;
  /** Set when the request ended in an error, for the request log. */
  errorCode?: string | null;
  /** How a stream ended; logged when the connection closes. */
  streamOutcome?: 'completed' | 'client-aborted' | 'failed';
  firstByteAt?: bigint;
  /** Settles when a relayed stream has finished (completed, failed or aborted); the request log waits for it. */
  streamSettled?: Promise<unknown>;
  /** Budget, rate limits and usage recording; installed for every request by create-app. */
  gate?: RequestGate;
  /** Set once the request passed admission; the gate settles it when the response closes. */
  admission?: Admission;
  /** Characters of generated text streamed so far, to estimate tokens when no usage arrives. */
  streamedCharacters?: number;
  /**
   * Minted by the gateway for each model request (never the client's `x-request-id`, which two
   * requests may share): names its usage record and its concurrency lease.
   */
  recordId?: string;
  /** How far the request got, once past its checks: `upstream`, `streaming`, `responding`. */
  stage?: RequestStage;
  /** The usage record, once queued (a completed answer's is queued before its last byte is written). */
  usageRecord?: UsageRecord;
  /** The response's connection has closed (the answer was written, or it was cut). */
  connectionClosed?: boolean;
}
