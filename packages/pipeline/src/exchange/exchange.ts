import { gatewayErrorKindOf, GatewayError, type CompletionUsage, type GatewayErrorKind } from '@modelgate/core';
import type { AdmissionTarget } from '../pipeline/admission-target.js';
import type { Deployment, ModelRoute } from '../routing/model-router.js';
import type { KeyScope } from '../scope/key-scope.js';
import type { RelayOutcome } from '../streaming/relay-outcome.js';
import type { AnswerFacts, AttemptFailure, AttemptTarget, ExchangeAttempt } from './exchange-attempt.js';
import { mintRecordId } from './random-ids.js';
import { describeRequestEnding, type ConnectionClose, type RequestEnding, type RequestStage, type ResponseState, type StreamOutcome } from './request-ending.js';
import { RequestHookList } from './request-hook-list.js';
import type { AnswerHeaders, CacheHit, LocalAnswer, RequestHooks, StreamTap, UpstreamDecision, UpstreamIntent, WholeAnswerToWrite } from './request-hooks.js';
import { StreamedOutput, type StreamedPiece } from './streamed-output.js';

export type { AnswerFacts, AttemptFailure, AttemptTarget, ExchangeAttempt } from './exchange-attempt.js';

/**
 * What a capability adds to every model request (limits, usage records, the request log, metrics,
 * traces; later cache, guardrails, capture). The pipeline calls `open` when a request's exchange
 * is created, and the hooks it returns at named points, in a fixed order (the extensions' list
 * order within each point):
 *
 *   admit → beforeUpstream → the attempt loop → afterAnswer (a whole answer, or a stream's tap)
 *   → answerComplete → closed
 *
 * A capability never edits the pipeline: it is an entry in the module list.
 */
export interface PipelineExtension {
  /** Names it in logs and errors (the module's id). */
  readonly id: string;
  /**
   * The exchange was just created for an authenticated request. Returns this capability's hooks for
   * that one request; whatever it must remember about the request lives in them (no side tables).
   */
  open?(exchange: Exchange): RequestHooks | void;
}

/** The caller, as far as the pipeline needs it: an id for records and leases, and its scope. */
export interface ExchangeKey extends KeyScope {
  readonly id: string;
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
  /** The client's request headers, for extensions that read them (a trace's `traceparent`). */
  readonly incomingHeaders?: Readonly<Record<string, string | string[] | undefined>>;
  /** Each is opened once, now; its hooks are called at the named points (PipelineExtension). */
  readonly extensions?: readonly PipelineExtension[];
}

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

type AttemptRecord = { -readonly [Field in keyof ExchangeAttempt]: ExchangeAttempt[Field] };

/**
 * Everything the gateway knows about one model request. The pipeline writes it through its methods
 * alone, each of which tells the extensions' hooks where one exists; everything else reads it.
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
  /** Resolves with how the request ended, once its connection has closed and its stream settled. */
  readonly ended: Promise<RequestEnding>;

  #route?: ModelRoute;
  #servedBy?: ServedBy;
  #cacheHit?: CacheHit;
  #stream = false;
  readonly #attempts: AttemptRecord[] = [];
  #requestBody?: unknown;
  #answer: AnswerFacts = {};
  readonly #output = new StreamedOutput();
  #stage?: RequestStage;
  #admitted = false;
  #streamOutcome?: StreamOutcome;
  #errorCode?: string | null;
  #errorKind?: GatewayErrorKind;
  #connectionClosed = false;
  #streamSettled?: Promise<unknown>;
  readonly #hooks: RequestHookList;
  readonly #clientAbort = new AbortController();
  #resolveEnded!: (ending: Promise<RequestEnding>) => void;

  constructor(init: ExchangeInit) {
    this.requestId = init.requestId;
    this.startedAt = init.startedAt;
    this.key = init.key;
    this.endpoint = init.endpoint;
    this.incomingHeaders = init.incomingHeaders ?? {};
    this.ended = new Promise((resolve) => {
      this.#resolveEnded = resolve;
    });
    this.#hooks = new RequestHookList((init.extensions ?? []).flatMap((extension) => extension.open?.(this) ?? []));
  }

  /** The requested model's route (pinned to the owner of named vendor state), once resolved. */
  get route(): ModelRoute | undefined {
    return this.#route;
  }
  /** The public model id, once resolved. */
  get model(): string | undefined {
    return this.#route?.publicId;
  }
  /** The provider instance serving the model, once resolved. */
  get provider(): string | undefined {
    return this.#route?.instance.id;
  }
  /** The model (the requested one or a fallback) and deployment that answered. */
  get servedBy(): ServedBy | undefined {
    return this.#servedBy;
  }
  get stream(): boolean {
    return this.#stream;
  }
  /** Set when a cache answered instead of the upstream. */
  get cacheHit(): CacheHit | undefined {
    return this.#cacheHit;
  }
  get attempts(): readonly ExchangeAttempt[] {
    return this.#attempts;
  }
  /** The validated request body (extensions that may record content read it). */
  get requestBody(): unknown {
    return this.#requestBody;
  }
  /** The upstream's usage, in the hub's shape, when it sent one. */
  get usage(): CompletionUsage | undefined {
    return this.#answer.usage ?? this.#output.usage;
  }
  get createdStateId(): string | undefined {
    return this.#answer.createdStateId;
  }
  get mintedBlobStateIds(): readonly string[] | undefined {
    return this.#answer.mintedBlobStateIds;
  }
  get serverToolCalls(): Readonly<Record<string, number>> | undefined {
    return this.#answer.serverToolCalls;
  }
  get firstByteAt(): bigint | undefined {
    return this.#output.firstByteAt;
  }
  /** The model the upstream says answered, as a chat stream told it. */
  get responseModel(): string | undefined {
    return this.#output.responseModel;
  }
  get finishReasons(): readonly string[] {
    return this.#output.finishReasons;
  }
  /** Characters of generated text streamed so far, to estimate tokens when no usage arrives. */
  get streamedCharacters(): number {
    return this.#output.characters;
  }
  get stage(): RequestStage | undefined {
    return this.#stage;
  }
  /** Passed admission (scope, budget, limits): it now counts against them until it is settled. */
  get admitted(): boolean {
    return this.#admitted;
  }
  get streamOutcome(): StreamOutcome | undefined {
    return this.#streamOutcome;
  }
  /** The error code and kind the client got, when the request ended in an error. */
  get errorCode(): string | null | undefined {
    return this.#errorCode;
  }
  get errorKind(): GatewayErrorKind | undefined {
    return this.#errorKind;
  }
  /** The response's connection has closed (the answer was written, or it was cut). */
  get connectionClosed(): boolean {
    return this.#connectionClosed;
  }
  /** Aborted when the client disconnects before its answer is complete: upstream calls stop with it. */
  get clientSignal(): AbortSignal {
    return this.#clientAbort.signal;
  }

  bodyRead(body: unknown): void {
    this.#requestBody = body;
  }

  routeChosen(route: ModelRoute): void {
    this.#route = route;
  }

  /** Translated: whether the answer will be a stream. */
  planned(plan: { readonly stream: boolean }): void {
    this.#stream = plan.stream;
  }

  /** Admission, each extension's `admit` in list order: their headers for the answer, or the first refusal thrown. */
  admit(target: AdmissionTarget): AnswerHeaders | Promise<AnswerHeaders> {
    const admitted = this.#hooks.admit(target);
    if (admitted instanceof Promise) return admitted.then((headers) => this.#passedAdmission(headers));
    return this.#passedAdmission(admitted);
  }

  #passedAdmission(headers: AnswerHeaders): AnswerHeaders {
    this.#admitted = true;
    this.#stage = 'upstream';
    return headers;
  }

  /**
   * Before any upstream call: an extension's own answer (a cache hit), its refusal thrown, or the
   * body it revised (a redaction), which becomes the request body. No promise when no hook needs I/O.
   */
  beforeUpstream(intent: UpstreamIntent): UpstreamDecision | Promise<UpstreamDecision> {
    const decided = this.#hooks.beforeUpstream(intent);
    if (decided instanceof Promise) return decided.then((value) => this.#revised(value));
    return this.#revised(decided);
  }

  #revised(decided: UpstreamDecision): UpstreamDecision {
    if (decided.revisedBody) this.#requestBody = decided.revisedBody;
    return decided;
  }

  /** An extension's answer is served instead of the upstream's (no attempt is made). */
  answeredLocally(answer: LocalAnswer): void {
    this.#cacheHit = answer.cacheHit;
  }

  /** An upstream attempt is about to be sent: records it, and returns the headers extensions add to it (trace context). */
  attemptStarted(target: AttemptTarget): { readonly attempt: ExchangeAttempt; readonly upstreamHeaders: Record<string, string> } {
    const attempt: AttemptRecord = { ...target, startedAt: process.hrtime.bigint() };
    this.#attempts.push(attempt);
    return { attempt, upstreamHeaders: this.#hooks.attemptStarted(attempt) };
  }

  /** The attempt's upstream answered with this status (its headers arrived). */
  attemptReplied(attempt: ExchangeAttempt, status: number): void {
    this.#attemptRecord(attempt).status = status;
  }

  /** The attempt is over: answered (its stream started), or failed. */
  attemptEnded(attempt: ExchangeAttempt, failure?: AttemptFailure): void {
    const record = this.#attemptRecord(attempt);
    record.durationMs = Number((process.hrtime.bigint() - record.startedAt) / NANOSECONDS_PER_MILLISECOND);
    if (failure) {
      const error = GatewayError.isInstance(failure.error) ? failure.error : undefined;
      record.errorKind = error ? gatewayErrorKindOf(error) : undefined;
      record.errorCode = error?.code;
      if (failure.startedCooldown !== undefined) record.startedCooldown = failure.startedCooldown;
    }
    this.#hooks.attemptEnded(attempt);
  }

  #attemptRecord(attempt: ExchangeAttempt): AttemptRecord {
    const record = this.#attempts.find((recorded) => recorded === attempt);
    if (!record) throw new Error('not an attempt of this exchange');
    return record;
  }

  /** The model and deployment whose answer the client gets. */
  servedFrom(servedBy: ServedBy): void {
    this.#servedBy = servedBy;
  }

  /** A whole answer is about to be written: the body extensions leave it with (`afterAnswer`), and the headers they add. */
  afterAnswer(answer: WholeAnswerToWrite): { body: string | object; headers: AnswerHeaders } {
    return this.#hooks.afterWholeAnswer(answer);
  }

  /** A stream is about to be relayed: the tap its events pass through, when extensions asked for one (`afterAnswer`). */
  streamTap(): StreamTap | undefined {
    return this.#hooks.streamTap();
  }

  /** A whole answer is complete and about to be written: its facts are recorded and extensions make its record durable. */
  answered(status: number, body: string | object, facts: AnswerFacts): void {
    this.#answer = facts;
    this.#stage = 'responding';
    this.#hooks.answerComplete(status, body);
  }

  /** A relay has started; `settled` resolves once it has finished (completed, failed or aborted). */
  relaying(settled: Promise<unknown>): void {
    this.#streamSettled = settled;
  }

  /** The client's stream has opened (status and headers sent). */
  streamStarted(): void {
    this.#stage = 'streaming';
  }

  /** A piece of the stream went to the client: the one place streamed output is counted, for every front. */
  streamChunk(piece: StreamedPiece): void {
    this.#output.count(piece);
    this.#hooks.streamChunk(piece);
  }

  /** A stream's terminal event told its usage and the vendor-side state it created. */
  usageReported(facts: AnswerFacts): void {
    this.#answer = { ...this.#answer, ...definedOnly(facts) };
  }

  /** The stream's answer is complete, its last bytes about to be written. */
  streamComplete(): void {
    this.#hooks.answerComplete(200);
  }

  /** How the relayed stream ended (after the client's answer started). */
  streamSettled(outcome: RelayOutcome): void {
    this.#streamOutcome = outcome.kind;
    if (outcome.kind === 'failed') this.failed(outcome.error);
  }

  /** The client got this error (a status, or a stream's error event). */
  failed(error: GatewayError): void {
    this.#errorCode = error.code;
    this.#errorKind = gatewayErrorKindOf(error);
  }

  /**
   * Once, when the response's connection closes: a client that left before its answer was complete
   * aborts the upstream call, and extensions learn how the request ended.
   */
  close(connection: ConnectionClose, response: () => ResponseState): void {
    if (this.#connectionClosed) return;
    this.#connectionClosed = true;
    if (!connection.finished) this.#clientAbort.abort();
    const ending = Promise.resolve(this.#streamSettled).then(() => describeRequestEnding(connection, response(), this));
    this.#resolveEnded(ending);
    this.#hooks.closed(ending);
  }
}

function definedOnly(facts: AnswerFacts): AnswerFacts {
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
}
