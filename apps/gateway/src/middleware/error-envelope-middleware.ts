import type { Middleware } from 'koa';
import { GatewayError } from '@modelgate/core';
import type { Logger } from 'pino';
import type { GatewayState } from './gateway-state.js';

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

/**
 * The outermost middleware: whatever fails below becomes OpenAI's error envelope with its status.
 * Unexpected errors are logged (without request bodies) and answered as a 500.
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
      if (GatewayError.isInstance(error)) {
        failure = error;
      } else {
        logger.error({ requestId: ctx.state.requestId, err: error }, 'unhandled error');
        failure = new GatewayError({ status: 500, message: 'The gateway failed to process the request.', code: 'internal_error' });
      }
    }
    if (!failure) return;
    if (failure.status >= 500) logger.warn({ requestId: ctx.state.requestId, status: failure.status, code: failure.code, message: failure.message }, 'request failed');
    ctx.state.errorCode = failure.code;
    ctx.status = failure.status;
    ctx.set(failure.headers as Record<string, string>);
    ctx.body = failure.toEnvelope();
  };
}
