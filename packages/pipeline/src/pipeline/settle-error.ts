import { GatewayError, gatewayErrorKindOf, type LoggerV1 } from '@modelgate/core';
import type { ClientConventions } from '../fronts/front-door.js';
import type { ClientReply } from './client-reply.js';

/**
 * Whatever was thrown, as the GatewayError the client gets: an unexpected error is logged in full
 * (never the request's body) and becomes a 500 `internal_error`; a 5xx is logged by code and kind,
 * never its message (an upstream's may echo the prompt).
 */
export function settledError(error: unknown, requestId: string, logger: Pick<LoggerV1, 'warn' | 'error'>): GatewayError {
  let failure: GatewayError;
  if (GatewayError.isInstance(error)) failure = error;
  else {
    logger.error({ requestId, err: error }, 'unhandled error');
    failure = new GatewayError({ status: 500, message: 'The gateway failed to process the request.', code: 'internal_error' });
  }
  if (failure.status >= 500) logger.warn({ requestId, status: failure.status, code: failure.code, kind: gatewayErrorKindOf(failure) }, 'request failed');
  return failure;
}

/** Answers with the failure in the front's envelope, with its status and headers. */
export function sendError(reply: ClientReply, failure: GatewayError, conventions: ClientConventions, requestId: string, logger: Pick<LoggerV1, 'error'>): void {
  const rendered = conventions.renderError(failure);
  try {
    reply.setHeaders(rendered.headers);
    reply.sendJson(rendered.status, rendered.body);
  } catch (unsent) {
    // Only a bug gets here (the answer had already started): the connection's close settles the request.
    logger.error({ requestId, err: unsent }, 'could not answer with the error');
  }
}
