import type { GatewayError } from '@modelgate/core';
import { Exchange } from '../exchange/exchange.js';
import type { FrontDoor, FrontOperation } from '../fronts/front-door.js';
import { authenticateCaller } from './authenticate-caller.js';
import type { ModelRequestHost } from './model-request-host.js';
import type { PipelineDependencies } from './pipeline-dependencies.js';
import { runModelRequest } from './run-model-request.js';
import { sendError, settledError } from './settle-error.js';

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

/**
 * A whole model request, from its key to its last byte: the key read where the front's clients send
 * it and checked (`dependencies.keys`), the exchange created (opening every extension) and closed
 * with the connection, the request run (runModelRequest), and every error settled here: recorded on
 * the exchange, logged (settledError) and answered in the front's own envelope. It never throws.
 */
export async function serveModelRequest(host: ModelRequestHost, route: FrontRoute, dependencies: PipelineDependencies): Promise<ServedRequest> {
  let exchange: Exchange | undefined;
  try {
    const key = await authenticateCaller(host.headers, host.target.query, route.front.conventions, dependencies.keys);
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
    await runModelRequest({ exchange, operation: route.operation, target: host.target, readBody: () => host.readBody(), reply: host.reply }, dependencies);
    return { exchange };
  } catch (error) {
    const failure = settledError(error, host.requestId, dependencies.logger);
    exchange?.failed(failure);
    sendError(host.reply, failure, route.front.conventions, host.requestId, dependencies.logger);
    return { exchange, failure };
  }
}
