import type { AdmissionControl } from '../pipeline/admission-control.js';
import type { PipelineExtension, RequestHooks } from '../pipeline/pipeline-extension.js';
import type { Exchange, ExchangeAttempt } from './exchange.js';
import type { RequestEnding } from './request-ending.js';

/**
 * Something that watches requests without taking part in them, written before extensions had
 * per-request hooks: every call names the exchange. New capabilities are PipelineExtensions; this
 * shape stays until the gateway's observers have become modules (observerExtension bridges them).
 */
export interface ExchangeObserver {
  /** The exchange was just created for an authenticated request (in-flight gauges, the request span). */
  opened?(exchange: Exchange): void;
  /**
   * An upstream attempt is about to be sent (already in `exchange.attempts`). The headers returned
   * go upstream with it: trace context (`traceparent`), nothing else.
   */
  attemptStarted?(exchange: Exchange, attempt: ExchangeAttempt): Readonly<Record<string, string>> | void;
  /** The attempt has its answer's headers (a stream), its whole answer, or its error. */
  attemptEnded?(exchange: Exchange, attempt: ExchangeAttempt): void;
  /**
   * The answer is complete and about to be written (a whole body, or a stream's last bytes):
   * the moment to make its record durable before the client has it.
   */
  answerComplete?(exchange: Exchange, status: number, answer?: unknown): void;
  /** The client's connection has closed; `ending` resolves once a stream, if any, has settled. */
  closed?(exchange: Exchange, ending: Promise<RequestEnding>): void;
}

/** An observer (and, when given, an admission policy that names the exchange) as a pipeline extension. */
export function observerExtension(id: string, observer: ExchangeObserver, admission?: AdmissionControl): PipelineExtension {
  return {
    id,
    open(exchange): RequestHooks {
      observer.opened?.(exchange);
      return {
        admit: admission && ((target) => admission.admit(exchange, target)),
        attemptStarted: observer.attemptStarted && ((attempt) => observer.attemptStarted!(exchange, attempt)),
        attemptEnded: observer.attemptEnded && ((attempt) => observer.attemptEnded!(exchange, attempt)),
        answerComplete: observer.answerComplete && ((status, answer) => observer.answerComplete!(exchange, status, answer)),
        closed: observer.closed && ((ending) => observer.closed!(exchange, ending)),
      };
    },
  };
}
