import { GatewayError, gatewayErrorKindOf } from '@modelgate/core';
import { Exchange } from '../exchange/exchange.js';
import type { FrontDoor, FrontOperation } from '../fronts/front-door.js';
import type { ModelRequestHost } from './model-request-host.js';
import { runModelRequest, type PipelineDependencies } from './run-model-request.js';

/** One front operation, with the front whose conventions (key, error envelope) it follows. */
export interface FrontRoute {
  readonly front: FrontDoor;
  readonly operation: FrontOperation;
}

/** What serving a request came to: its exchange (none when the key was refused) and the error the client got, if any. */
export interface ServedRequest {
  readonly exchange?: Exchange;
  readonly failure?: GatewayError;
}

/** The 401 every front answers a missing or unknown key with, in its own envelope. */
export function invalidApiKey(): GatewayError {
  return new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' });
}

/**
 * A whole model request, from its key to its last byte: the key read where the front's clients send
 * it and checked (`dependencies.keys`), the exchange created (opening every extension) and closed
 * with the connection, the request run (runModelRequest), and every error settled here: recorded on
 * the exchange, a 5xx logged by code and kind (never its message, which may echo the prompt), an
 * unexpected one logged in full and answered as a 500 `internal_error`, and each answered in the
 * front's own envelope. It never throws.
 */
export async function serveModelRequest(host: ModelRequestHost, route: FrontRoute, dependencies: PipelineDependencies): Promise<ServedRequest> {
  const { conventions } = route.front;
  let exchange: Exchange | undefined;
  try {
    const found = dependencies.keys.authenticate(conventions.readKey((name) => [host.headers[name]].flat()[0] || undefined));
    const key = found instanceof Promise ? await found : found;
    if (!key) throw invalidApiKey();
    exchange = new Exchange({
      requestId: host.requestId,
      startedAt: host.startedAt,
      key,
      endpoint: route.operation.endpoint,
      incomingHeaders: host.headers,
      extensions: dependencies.extensions,
    });
    const opened = exchange;
    host.opened?.(exchange);
    host.onClose((connection) => opened.close(connection, () => host.responseState()));
    await runModelRequest({ exchange, operation: route.operation, readBody: () => host.readBody(), reply: host.reply }, dependencies);
    return { exchange };
  } catch (error) {
    const failure = asGatewayError(error, host.requestId, dependencies);
    // Code and kind, never the message: an upstream's 5xx message may echo the prompt.
    if (failure.status >= 500) dependencies.logger.warn({ requestId: host.requestId, status: failure.status, code: failure.code, kind: gatewayErrorKindOf(failure) }, 'request failed');
    exchange?.failed(failure);
    const rendered = conventions.renderError(failure);
    try {
      host.reply.setHeaders(rendered.headers);
      host.reply.sendJson(rendered.status, rendered.body);
    } catch (unsent) {
      // Only a bug gets here (the answer had already started): the connection's close settles the exchange.
      dependencies.logger.error({ requestId: host.requestId, err: unsent }, 'could not answer with the error');
    }
    return { exchange, failure };
  }
}

/** Whatever was thrown, as a GatewayError: an unexpected error is logged (without the request's body) and becomes a 500. */
function asGatewayError(error: unknown, requestId: string, dependencies: PipelineDependencies): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  dependencies.logger.error({ requestId, err: error }, 'unhandled error');
  return new GatewayError({ status: 500, message: 'The gateway failed to process the request.', code: 'internal_error' });
}
