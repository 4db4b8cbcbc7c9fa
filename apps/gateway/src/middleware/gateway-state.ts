import type { Exchange } from '@modelgate/pipeline';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';

/** What the middleware and routes of one request share through `ctx.state`; everything else about a model request is on its exchange. */
export interface GatewayState {
  requestId: string;
  startedAt: bigint;
  /** Set by a route's guard once the caller is authenticated (a model request's key is its exchange's). */
  key?: AuthenticatedKey;
  /** Kept by a front route for the request log, once the pipeline has created it (read only: see @modelgate/pipeline's Exchange). */
  exchange?: Exchange;
}
