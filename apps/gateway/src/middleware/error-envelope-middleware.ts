import type { Context, Middleware } from 'koa';
import { GatewayError, gatewayErrorKindOf } from '@modelgate/core';
import { openAiConventions, type ClientConventions } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayState } from './gateway-state.js';
import { noteFailureForLog } from './request-log-middleware.js';

function fromEmptyStatus(status: number, method: string, path: string, allow: string | undefined): GatewayError | undefined {
  if (status === 404) {
    return new GatewayError({ status: 404, message: `Unknown request URL: ${method} ${path}.`, code: 'unknown_url' });
  }
  if (status === 405 || status === 501) {
    return new GatewayError({
      status: 405,
      message: `Method ${method} is not allowed for ${path}${allow ? `; allowed: ${allow}` : ''}.`,
      code: 'method_not_allowed',
    });
  }
  return undefined;
}

/** Whatever was thrown, as a GatewayError: unexpected errors are logged (without request bodies) and become a 500. */
function toGatewayError(error: unknown, ctx: Context & { state: GatewayState }, logger: Logger): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  logger.error({ requestId: ctx.state.requestId, err: error }, 'unhandled error');
  return new GatewayError({ status: 500, message: 'The gateway failed to process the request.', code: 'internal_error' });
}

/** Answers with the failure in the conventions' envelope, and tells the request log its code. */
function renderFailure(ctx: Context & { state: GatewayState }, failure: GatewayError, conventions: ClientConventions, logger: Logger): void {
  // Code and kind, never the message: an upstream's 5xx message may echo the prompt.
  if (failure.status >= 500) logger.warn({ requestId: ctx.state.requestId, status: failure.status, code: failure.code, kind: gatewayErrorKindOf(failure) }, 'request failed');
  noteFailureForLog(ctx, failure.code);
  const rendered = conventions.renderError(failure);
  ctx.status = rendered.status;
  ctx.set(rendered.headers);
  ctx.body = rendered.body;
}

/**
 * A front's other routes (the model list, the WebSocket probe): whatever fails in them (the key,
 * the handler) is answered in the front's own error envelope with its status. Model requests
 * settle their own errors (serveModelRequest); this catches only a bug in their adapter.
 */
export function createFrontErrorBoundary(conventions: ClientConventions, logger: Logger): Middleware<GatewayState> {
  return async function frontErrorBoundary(ctx, next) {
    try {
      await next();
    } catch (error) {
      renderFailure(ctx, toGatewayError(error, ctx, logger), conventions, logger);
    }
  };
}

/**
 * The outermost middleware: whatever fails outside a front (unknown URLs, admin routes) becomes
 * OpenAI's error envelope with its status.
 */
export function createErrorEnvelopeMiddleware(logger: Logger): Middleware<GatewayState> {
  return async function errorEnvelope(ctx, next) {
    let failure: GatewayError | undefined;
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        failure = fromEmptyStatus(ctx.status, ctx.method, ctx.path, ctx.response.get('allow') || undefined);
      }
    } catch (error) {
      failure = toGatewayError(error, ctx, logger);
    }
    if (failure) renderFailure(ctx, failure, openAiConventions, logger);
  };
}
