import type { Exchange } from './exchange.js';
import type { RequestEnding } from './request-ending.js';

/**
 * Something that watches requests without taking part in them: usage records and limits, the
 * request log, and later metrics and traces. Observers must not throw.
 */
export interface ExchangeObserver {
  /**
   * The answer is complete and about to be written (a whole body, or a stream's last bytes):
   * the moment to make its record durable before the client has it.
   */
  answerComplete?(exchange: Exchange, status: number, answer?: unknown): void;
  /** The client's connection has closed; `ending` resolves once a stream, if any, has settled. */
  closed?(exchange: Exchange, ending: Promise<RequestEnding>): void;
}
