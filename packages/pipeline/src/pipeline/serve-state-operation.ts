import { pipeline } from 'node:stream/promises';
import { GatewayError, invalidRequest, type CallContextV1 } from '@modelgate/core';
import type { ExchangeKey } from '../exchange/exchange.js';
import type { StateOperationRoute } from '../fronts/front-doors.js';
import type { StateOperation } from '../fronts/state-operation.js';
import { assertEndpointAllowed } from '../scope/key-scope.js';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import { authenticateCaller } from './authenticate-caller.js';
import { callUpstream } from './call-upstream.js';
import type { ModelRequestHost } from './model-request-host.js';
import type { PipelineDependencies } from './pipeline-dependencies.js';
import { sendError, settledError } from './settle-error.js';
import type { ServedQuery } from './serve-front-query.js';

/** What an endpoint about vendor-side state needs from the host: the request, the state's id in its path, its query string. */
export interface StateOperationHost extends Pick<ModelRequestHost, 'requestId' | 'headers' | 'reply'> {
  /** Calls `listener` once, when the response's connection closes (at once, if it has closed already). */
  onClose(listener: () => void): void;
  /** The `:id` of the path, as the router decoded it. */
  readonly stateId: string;
  /** The raw query string, without its `?`. */
  readonly querystring: string;
}

/** Longer than any id a vendor mints, or not of its alphabet: not one the gateway recorded. */
const STATE_ID = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_QUERY_LENGTH = 2048;

/**
 * An endpoint about vendor-side state by id (`GET /v1/responses/{id}`): the key checked and its
 * scope, then the owner of the id looked up. Only the key that created the state reaches it, on
 * the provider instance (organisation) that holds it; any other key, and any id the gateway never
 * saw created, gets the vendor's 404 for an unknown id. The vendor's answer is relayed as it is
 * (JSON, or the event stream of `?stream=true`), its failures as the front's errors; the client
 * leaving aborts the upstream call. It never throws.
 */
export async function serveStateOperation(
  host: StateOperationHost,
  { front, operation }: StateOperationRoute,
  dependencies: Pick<PipelineDependencies, 'keys' | 'models' | 'transport' | 'stateOwners' | 'logger'>,
): Promise<ServedQuery> {
  let key: ExchangeKey | undefined;
  const aborter = new AbortController();
  host.onClose(() => aborter.abort());
  try {
    const query = new URLSearchParams(host.querystring);
    key = await authenticateCaller(host.headers, Object.fromEntries(query), front.conventions, dependencies.keys);
    assertEndpointAllowed(key, operation.endpoint);
    const search = relayedQuery(operation, host.querystring, query);
    const instance = await ownedInstance(operation, host.stateId, key, dependencies);
    const provider = instance.provider;
    const stream = operation.method === 'GET' && query.get('stream') === 'true';
    const request = operation.toUpstreamRequest(provider, host.stateId, search, stream);
    const call: CallContextV1 = { requestId: host.requestId, publicModel: '', upstreamModel: '', warn: () => {} };
    const reply = await callUpstream(dependencies.transport, request, aborter.signal, (failure) => operation.toGatewayError(provider, failure, call), provider.signer);
    if (!stream) {
      host.reply.sendJson(reply.status, await readUpstreamText(reply, request.url));
      return { key };
    }
    // Once the events flow, a failure can only end the stream (pipeline destroys both ends).
    await pipeline(reply.body, host.reply.openEventStream(), { signal: aborter.signal }).catch((error: unknown) => {
      if (!aborter.signal.aborted) dependencies.logger.warn({ requestId: host.requestId, err: error }, 'a relayed stored-response stream ended early');
    });
    return { key };
  } catch (error) {
    if (aborter.signal.aborted) return { key };
    const failure = settledError(error, host.requestId, dependencies.logger);
    sendError(host.reply, failure, front.conventions, host.requestId, dependencies.logger);
    return { key, failure };
  }
}

/** The provider instance holding state the key created; the vendor's 404 otherwise. */
async function ownedInstance(operation: StateOperation, id: string, key: ExchangeKey, dependencies: Pick<PipelineDependencies, 'models' | 'stateOwners'>) {
  if (!STATE_ID.test(id)) throw operation.notFound(id);
  const owner = await dependencies.stateOwners?.ownerOf(id);
  // A record without its instance predates the gateway keeping it: where the state lives is unknown.
  if (owner?.keyId !== key.id || owner.provider === undefined) throw operation.notFound(id);
  const instance = dependencies.models.instance(owner.provider);
  if (!instance) {
    throw new GatewayError({ status: 404, kind: 'not_found', type: 'invalid_request_error', code: null, message: `'${id}' lives on the provider '${owner.provider}', which this gateway no longer configures.` });
  }
  return instance;
}

/** The client's query string, refused when it names a parameter the vendor does not read here. */
function relayedQuery(operation: StateOperation, querystring: string, query: URLSearchParams): string {
  if (querystring.length > MAX_QUERY_LENGTH) throw invalidRequest(`The query string is longer than ${MAX_QUERY_LENGTH} characters.`);
  for (const name of query.keys()) {
    if (!operation.queryParameters.includes(name)) throw invalidRequest(`Unrecognized query parameter: '${name.slice(0, 64)}'.`, name.slice(0, 64), 'unknown_parameter');
  }
  return querystring === '' ? '' : `?${querystring}`;
}
