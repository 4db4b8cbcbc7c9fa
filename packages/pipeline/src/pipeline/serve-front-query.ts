import type { GatewayError } from '@modelgate/core';
import type { ExchangeKey } from '../exchange/exchange.js';
import type { FrontQueryRoute } from '../fronts/front-doors.js';
import { assertEndpointAllowed } from '../scope/key-scope.js';
import { authenticateCaller } from './authenticate-caller.js';
import type { ModelRequestHost } from './model-request-host.js';
import type { PipelineDependencies } from './pipeline-dependencies.js';
import { sendError, settledError } from './settle-error.js';

/** What a front's `GET` needs from the host: the request's id, headers, path and query string, and the reply. */
export interface FrontQueryHost extends Pick<ModelRequestHost, 'requestId' | 'headers' | 'reply'> {
  readonly path: string;
  readonly query: Readonly<Record<string, string | undefined>>;
}

/** The caller (once authenticated) and the error the client got, if any. */
export interface ServedQuery {
  readonly key?: ExchangeKey;
  readonly failure?: GatewayError;
}

/**
 * A front's `GET` (a model list, the Responses WebSocket probe): the front whose conventions claim
 * the request among those that answer its path (else the first), its key checked as for a model
 * request, then the key's scope for the query's endpoint, then the query's answer; every error in
 * that front's envelope. It never throws.
 */
export async function serveFrontQuery(host: FrontQueryHost, routes: readonly FrontQueryRoute[], dependencies: Pick<PipelineDependencies, 'keys' | 'models' | 'logger'>): Promise<ServedQuery> {
  const header = (name: string) => [host.headers[name]].flat()[0] || undefined;
  const { front, query } = routes.find((route) => route.front.conventions.claims?.(header)) ?? routes[0]!;
  let key: ExchangeKey | undefined;
  try {
    key = await authenticateCaller(host.headers, host.query, front.conventions, dependencies.keys);
    assertEndpointAllowed(key, query.endpoint);
    host.reply.sendJson(200, query.answer({ key, path: host.path, query: host.query, models: dependencies.models }));
    return { key };
  } catch (error) {
    const failure = settledError(error, host.requestId, dependencies.logger);
    sendError(host.reply, failure, front.conventions, host.requestId, dependencies.logger);
    return { key, failure };
  }
}
