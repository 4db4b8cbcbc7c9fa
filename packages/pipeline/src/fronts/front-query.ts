import type { ExchangeKey } from '../exchange/exchange.js';
import type { ModelRouter } from '../routing/model-router.js';

/** What a front's query reads: the caller's key, the request's path and query string, the gateway's models. */
export interface FrontQueryInput {
  readonly key: ExchangeKey;
  /** The request's path, e.g. `/v1/models/openai%2Fgpt-5`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly models: ModelRouter;
}

/**
 * A front's `GET` endpoint, answered by the gateway itself (no exchange, no upstream): its model
 * list in the dialect's shape, or a refusal the dialect's clients understand. Several fronts may
 * answer one path: the request is the front's whose conventions claim it, else the first's.
 */
export interface FrontQuery {
  readonly method: 'GET';
  /** The route as the host's router matches it (`*id` takes the rest of the path). */
  readonly path: string;
  /** The key scope that guards it. */
  readonly endpoint: string;
  /** The body to answer with (200), or a GatewayError thrown. */
  answer(input: FrontQueryInput): object;
}
