import type { CompletionUsage } from '@modelgate/core';
import type { AdmissionTarget } from '../pipeline/admission-target.js';
import type { ModelRoute } from '../routing/model-router.js';
import type { ExchangeAttempt } from './exchange-attempt.js';
import type { RequestEnding } from './request-ending.js';
import type { StreamedPiece } from './streamed-output.js';

// The named points of a request, as one capability's hooks see them (PipelineExtension opens them).
// Kept apart from the Exchange class, which calls them, so neither file imports the other.

/** Headers an extension adds to the answer (rate-limit headers, a cache verdict). */
export type AnswerHeaders = Readonly<Record<string, string>>;

/** The request as it is about to go upstream: what `beforeUpstream` decides on. */
export interface UpstreamIntent {
  readonly endpoint: string;
  /** The requested model's route (the first deployment's translation is the plan). */
  readonly route: ModelRoute;
  /** The validated client body. */
  readonly body: { readonly model: string };
  readonly stream: boolean;
}

/** What a local answer served from a cache tells the usage record. */
export interface CacheHit {
  /** Whether the hit is charged the upstream answer's cost (else it costs 0). */
  readonly billed: boolean;
}

interface LocalAnswerFacts {
  readonly usage?: CompletionUsage;
  /** Headers for the answer (a cache verdict). */
  readonly headers?: AnswerHeaders;
  /** Set when the answer comes from a cache: the usage record is flagged, and priced as it says. */
  readonly cacheHit?: CacheHit;
}

/** A whole local answer: one JSON body, passed through `afterAnswer` like an upstream's. */
export interface WholeLocalAnswer extends LocalAnswerFacts {
  readonly body: string | object;
}

/**
 * A streamed local answer: the events, each as the front's own SSE text (`data: …\n\n`, with its
 * `event:` line where the dialect has one), sent as an event stream through the extensions' tap.
 */
export interface StreamedLocalAnswer extends LocalAnswerFacts {
  readonly events: readonly string[];
}

/**
 * An answer an extension gives instead of the upstream's (a cache hit): served like an upstream
 * answer (afterAnswer, answerComplete, usage recorded), as one JSON body or as an event stream.
 */
export type LocalAnswer = WholeLocalAnswer | StreamedLocalAnswer;

export function isLocalAnswerResult(result: BeforeUpstreamResult): result is LocalAnswer {
  return 'body' in result || 'events' in result;
}

/**
 * What `beforeUpstream` may return instead of an answer: the request's body revised (a guardrail's
 * redaction: the request is translated again from it, and later extensions see it), and headers
 * to send with the answer (which guardrails acted).
 */
export interface RequestRevision {
  readonly revisedBody?: { readonly model: string };
  readonly headers?: AnswerHeaders;
}

/** What `beforeUpstream` may return: an answer to serve instead, or a revision (a body, headers for the upstream's answer). */
export type BeforeUpstreamResult = LocalAnswer | RequestRevision;

/** What all `beforeUpstream` hooks decided together: an answer to serve, or the revisions to apply. */
export interface UpstreamDecision {
  readonly answer?: LocalAnswer;
  readonly revisedBody?: { readonly model: string };
  readonly headers: AnswerHeaders;
}

/** A whole answer about to be written (the upstream's text when relayed verbatim, else an object). */
export interface WholeAnswerToWrite {
  readonly stream: false;
  readonly status: number;
  readonly body: string | object;
  readonly usage?: CompletionUsage;
}

/** What `afterAnswer` sees: a whole answer about to be written, or a stream about to be relayed. */
export type AnswerToWrite = WholeAnswerToWrite | { readonly stream: true };

/** What `afterAnswer` may return: a whole answer's replacement body (and headers to add), or a stream's tap. */
export type AnswerRewrite = { readonly body: string | object; readonly headers?: AnswerHeaders } | { readonly tap: StreamTap };

/**
 * Sees what a relayed stream sends the client from the upstream's, in order, as the front's own SSE
 * text: one upstream event (a pass-through), or what one hub chunk became (one or more events), and
 * the stream's last bytes; never keep-alives or the gateway's own error event. Returns it, a rewrite
 * (`''` drops it), or throws a GatewayError to end the stream with the front's error event instead.
 */
export interface StreamTap {
  event(text: string): string;
}

/**
 * One capability's part in one request. Every hook is optional; `admit`, `beforeUpstream` and a
 * whole answer's `afterAnswer` may throw (a refusal, rendered in the front's envelope); the others
 * must not.
 */
export interface RequestHooks {
  /**
   * Budgets and rate limits: throws the refusal (a GatewayError), or returns the headers to send
   * with the answer. Synchronous when no I/O is needed. What it took is held until `closed`.
   */
  admit?(target: AdmissionTarget): AnswerHeaders | void | Promise<AnswerHeaders | void>;
  /**
   * Admitted, before any upstream is called: returns an answer to serve instead (a cache hit), a
   * revision of the request (a pre-call guardrail's redaction) and/or headers for the answer (a
   * cache miss, which guardrails acted), or throws to refuse (a guardrail's block). The first
   * extension that answers wins; each sees the body the previous ones revised.
   */
  beforeUpstream?(intent: UpstreamIntent): BeforeUpstreamResult | void | Promise<BeforeUpstreamResult | void>;
  /**
   * An upstream attempt is about to be sent (already in `exchange.attempts`). The headers returned
   * go upstream with it: trace context (`traceparent`), nothing else.
   */
  attemptStarted?(attempt: ExchangeAttempt): Readonly<Record<string, string>> | void;
  /** The attempt has its answer's headers (a stream), its whole answer, or its error. */
  attemptEnded?(attempt: ExchangeAttempt): void;
  /**
   * An answer is about to be written: a whole one may have its body replaced (each extension sees
   * the previous one's), a stream may get a tap that sees each outgoing event (a stream retried on
   * another deployment before its answer started gets a fresh call). Redaction, cache store,
   * post-call guardrails. A whole answer's hook may throw a GatewayError to refuse it (a post-call
   * guardrail's block): the client then gets that error in the front's envelope.
   */
  afterAnswer?(answer: AnswerToWrite): AnswerRewrite | void;
  /** A relayed stream's piece has reached the client's stream: what it told (text, usage, finish). */
  streamChunk?(piece: StreamedPiece): void;
  /**
   * The answer is complete and about to be written (a whole body, or a stream's last bytes): the
   * moment to make its record durable before the client has it.
   */
  answerComplete?(status: number, answer?: unknown): void;
  /** The client's connection has closed; `ending` resolves once a stream, if any, has settled. */
  closed?(ending: Promise<RequestEnding>): void;
}
