import type { Exchange, ExchangeAttempt, ExchangeKey } from '../exchange/exchange.js';
import type { RequestEnding } from '../exchange/request-ending.js';
import type { AdmissionTarget } from './admission-control.js';

/** Headers an extension adds to the answer (rate-limit headers, a cache verdict). */
export type AnswerHeaders = Readonly<Record<string, string>>;

/**
 * What a capability adds to every model request (limits, usage records, the request log, metrics,
 * traces; later cache, guardrails, capture). The pipeline calls `open` when a request's exchange
 * is created, and the hooks it returns at named points, in a fixed order (the extensions' list
 * order within each point):
 *
 *   admit → the attempt loop → answer or relay → settle
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

/** One capability's part in one request. Every hook is optional; hooks other than `admit` must not throw. */
export interface RequestHooks {
  /**
   * Budgets and rate limits: throws the refusal (a GatewayError), or returns the headers to send
   * with the answer. Synchronous when no I/O is needed. What it took is held until `closed`.
   */
  admit?(target: AdmissionTarget): AnswerHeaders | void | Promise<AnswerHeaders | void>;
  /**
   * An upstream attempt is about to be sent (already in `exchange.attempts`). The headers returned
   * go upstream with it: trace context (`traceparent`), nothing else.
   */
  attemptStarted?(attempt: ExchangeAttempt): Readonly<Record<string, string>> | void;
  /** The attempt has its answer's headers (a stream), its whole answer, or its error. */
  attemptEnded?(attempt: ExchangeAttempt): void;
  /**
   * The answer is complete and about to be written (a whole body, or a stream's last bytes): the
   * moment to make its record durable before the client has it.
   */
  answerComplete?(status: number, answer?: unknown): void;
  /** The client's connection has closed; `ending` resolves once a stream, if any, has settled. */
  closed?(ending: Promise<RequestEnding>): void;
}

/** Checks a presented key (read where the front's clients send it); undefined when no key matches. */
export interface KeyAuthenticator {
  authenticate(presented: string): ExchangeKey | undefined | Promise<ExchangeKey | undefined>;
}
