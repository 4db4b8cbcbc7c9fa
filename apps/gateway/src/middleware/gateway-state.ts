import type { Exchange } from '@modelgate/pipeline';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';

/** What the middleware and routes of one request share through `ctx.state`; everything else about a model request is on its exchange. */
export interface GatewayState {
  requestId: string;
  startedAt: bigint;
  /** Set by a route's guard once the caller is authenticated. */
  key?: AuthenticatedKey;
  /** Set by a front route for a model request (see @modelgate/pipeline's Exchange). */
  exchange?: Exchange;
}
