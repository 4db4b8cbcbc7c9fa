import type { Exchange, ExchangeKey } from '@modelgate/pipeline';

/** What the middleware and routes of one request share through `ctx.state`; everything else about a model request is on its exchange. */
export interface GatewayState {
  requestId: string;
  startedAt: bigint;
  /** The caller of a front's `GET`, once the pipeline has authenticated it (a model request's key is its exchange's). */
  key?: ExchangeKey;
  /** Kept by a front route for the request log, once the pipeline has created it (read only: see @modelgate/pipeline's Exchange). */
  exchange?: Exchange;
}
