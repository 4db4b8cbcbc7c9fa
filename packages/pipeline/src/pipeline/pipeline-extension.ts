import type { Exchange, ExchangeKey } from '../exchange/exchange.js';
import type { ExchangeObserver } from '../exchange/exchange-observer.js';
import type { AdmissionTarget } from './admission-control.js';

/** Headers an extension adds to the answer (rate-limit headers, a cache verdict). */
export type AnswerHeaders = Readonly<Record<string, string>>;

/**
 * What a capability adds to every model request, at named points run in a fixed order (the list's
 * order within each point):
 *
 *   admit → beforeUpstream → the attempt loop → afterAnswer → observers
 *
 * Each point is optional. A capability never edits the pipeline: it adds itself to the module list
 * and the pipeline calls it here.
 */
export interface PipelineExtension {
  /** Names it in logs and errors (the module's id). */
  readonly id: string;
  /**
   * Budgets and rate limits: throws the refusal (a GatewayError), or returns the headers to send
   * with the answer. Synchronous when no I/O is needed. An admitted exchange holds what it took
   * until it settles (the extension's observer releases it).
   */
  admit?(exchange: Exchange, target: AdmissionTarget): AnswerHeaders | void | Promise<AnswerHeaders | void>;
  /** Watches the exchange without taking part in it (usage records, the request log, metrics, traces). */
  readonly observer?: ExchangeObserver;
}

/** Checks a presented key (read where the front's clients send it); undefined when no key matches. */
export interface KeyAuthenticator {
  authenticate(presented: string): ExchangeKey | undefined | Promise<ExchangeKey | undefined>;
}
