import type { ExchangeKey } from '../exchange/exchange.js';

// The extension contract lives with the exchange that opens it (exchange.ts, request-hooks.ts);
// here it is gathered under the name the pipeline's callers know.
export type { PipelineExtension } from '../exchange/exchange.js';
export type {
  AnswerHeaders,
  AnswerRewrite,
  AnswerToWrite,
  BeforeUpstreamResult,
  CacheHit,
  LocalAnswer,
  RequestHooks,
  RequestRevision,
  StreamedLocalAnswer,
  StreamTap,
  UpstreamDecision,
  UpstreamIntent,
  WholeAnswerToWrite,
  WholeLocalAnswer,
} from '../exchange/request-hooks.js';

/** Checks a presented key (read where the front's clients send it); undefined when no key matches. */
export interface KeyAuthenticator {
  authenticate(presented: string): ExchangeKey | undefined | Promise<ExchangeKey | undefined>;
}
