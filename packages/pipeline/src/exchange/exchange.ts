import type { CompletionUsage, GatewayError, GatewayErrorKind } from '@modelgate/core';
import type { Deployment, ModelRoute } from '../routing/model-router.js';
import type { KeyScope } from '../scope/key-scope.js';
import type { ExchangeObserver } from './exchange-observer.js';
import { mintRecordId } from './random-ids.js';
import { describeRequestEnding, type ConnectionClose, type RequestEnding, type RequestStage, type ResponseState, type StreamOutcome } from './request-ending.js';

/** The caller, as far as the pipeline needs it: an id for records and leases, and its scope. */
export interface ExchangeKey extends KeyScope {
  readonly id: string;
}

/** One call to an upstream; the attempt loop adds one per try. */
export interface ExchangeAttempt {
  /** The public model it was for (the requested one, or a fallback). */
  readonly model: string;
  /** `<instance>/<upstream model>`. */
  readonly deployment: string;
  readonly provider: string;
  /** The provider instance's family (`openai`, `anthropic`, …). */
  readonly family: string;
  readonly upstreamModel: string;
  readonly startedAt: bigint;
  /** Until the upstream's headers (a stream) or its whole answer. */
  durationMs?: number;
  /** The upstream's status, once its headers arrived. */
  status?: number;
  /** Why the attempt failed, when it did. */
  errorKind?: GatewayError['kind'];
  errorCode?: string | null;
  /** This failure took the deployment out of rotation (it starts cooling down). */
  startedCooldown?: boolean;
}

/** The model and deployment that answered, when one did. */
export interface ServedBy {
  readonly route: ModelRoute;
  readonly deployment: Deployment;
}

export interface ExchangeInit {
  readonly requestId: string;
  readonly startedAt: bigint;
  readonly key: ExchangeKey;
  /** The key scope name of the front operation (`chat`, `responses`, `compact`, …). */
  readonly endpoint: string;
  /** The client's request headers, for observers that read them (a trace's `traceparent`). */
  readonly incomingHeaders?: Readonly<Record<string, string | string[] | undefined>>;
  readonly observers?: readonly ExchangeObserver[];
}

/**
 * Everything the gateway knows about one model request, filled in by the pipeline as it goes and
 * read by observers (usage records and limits, the request log; later metrics and traces). The
 * HTTP host creates it once the caller is authenticated and calls `close` when the connection is
 * done; nothing else is shared between the steps of a request.
 */
export class Exchange {
  readonly requestId: string;
  readonly startedAt: bigint;
  readonly key: ExchangeKey;
  readonly endpoint: string;
  readonly incomingHeaders: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * Minted by the gateway for each model request (never the client's `x-request-id`, which two
   * requests may share): names its usage record and its concurrency lease. Time-ordered (UUIDv7).
   */
  readonly recordId = mintRecordId();
  route?: ModelRoute;
  /** The model (the requested one or a fallback) and deployment that answered. */
  servedBy?: ServedBy;
  stream = false;
  readonly attempts: ExchangeAttempt[] = [];
  firstByteAt?: bigint;
  /** The validated request body (observers that may record content read it). */
  requestBody?: unknown;
  /** The upstream's usage, in the hub's shape, when it sent one. */
  usage?: CompletionUsage;
  /** The id of the vendor-side object this answer created (a Responses API response id), for its owner's record. */
  createdStateId?: string;
  /** The state ids (`sealedBlobStateId`) of the `encrypted_content` blobs this answer minted, for their organisation's record. */
  mintedBlobStateIds?: readonly string[];
  /** Calls of server-side tools the vendor bills per call, by tool, as its usage reports them (Anthropic's `server_tool_use`). */
  serverToolCalls?: Readonly<Record<string, number>>;
  /** The model the upstream says answered and its finish reasons, as a chat stream told them. */
  responseModel?: string;
  readonly finishReasons: string[] = [];
  /** Characters of generated text streamed so far, to estimate tokens when no usage arrives. */
  streamedCharacters = 0;
  /** Set to an array by an observer that records content: a chat stream's text is collected into it. */
  streamedText?: string[];
  stage?: RequestStage;
  /** Passed admission (scope, budget, limits): it now counts against them until it is settled. */
  admitted = false;
  streamOutcome?: StreamOutcome;
  /** The error code and kind the client got, when the request ended in an error. */
  errorCode?: string | null;
  errorKind?: GatewayErrorKind;
  /** The response's connection has closed (the answer was written, or it was cut). */
  connectionClosed = false;
  /** Settles when a relayed stream has finished (completed, failed or aborted). */
  streamSettled?: Promise<unknown>;
  /** Resolves with how the request ended, once its connection has closed and its stream settled. */
  readonly ended: Promise<RequestEnding>;

  private readonly observers: readonly ExchangeObserver[];
  private readonly clientAbort = new AbortController();
  private resolveEnded!: (ending: Promise<RequestEnding>) => void;

  constructor(init: ExchangeInit) {
    this.requestId = init.requestId;
    this.startedAt = init.startedAt;
    this.key = init.key;
    this.endpoint = init.endpoint;
    this.incomingHeaders = init.incomingHeaders ?? {};
    this.observers = init.observers ?? [];
    this.ended = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
    for (const observer of this.observers) observer.opened?.(this);
  }

  /** The public model id, once resolved. */
  get model(): string | undefined {
    return this.route?.publicId;
  }

  /** The provider instance serving the model, once resolved. */
  get provider(): string | undefined {
    return this.route?.instance.id;
  }

  /** Aborted when the client disconnects before its answer is complete: upstream calls stop with it. */
  get clientSignal(): AbortSignal {
    return this.clientAbort.signal;
  }

  /** An upstream attempt is about to be sent: returns the headers observers add to it (trace context). */
  attemptStarted(attempt: ExchangeAttempt): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const observer of this.observers) Object.assign(headers, observer.attemptStarted?.(this, attempt));
    return headers;
  }

  attemptEnded(attempt: ExchangeAttempt): void {
    for (const observer of this.observers) observer.attemptEnded?.(this, attempt);
  }

  /** The answer is complete and about to be written; observers make its record durable now. */
  answerComplete(status: number, answer?: unknown): void {
    for (const observer of this.observers) observer.answerComplete?.(this, status, answer);
  }

  /**
   * Called by the HTTP host once, when the response's connection closes: a client that left before
   * its answer was complete aborts the upstream call, and observers learn how the request ended.
   */
  close(connection: ConnectionClose, response: () => ResponseState): void {
    if (this.connectionClosed) return;
    this.connectionClosed = true;
    if (!connection.finished) this.clientAbort.abort();
    const ending = Promise.resolve(this.streamSettled).then(() => describeRequestEnding(connection, response(), this));
    this.resolveEnded(ending);
    for (const observer of this.observers) observer.closed?.(this, ending);
  }
}
