import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { GatewayState } from './gateway-state.js';

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

function milliseconds(from: bigint, to: bigint): number {
  return Number((to - from) * 1000n / NANOSECONDS_PER_MILLISECOND) / 1000;
}

/**
 * One structured line per request, written when the connection is done (so streams log their
 * outcome and usage). It holds ids, model, status, timings and token counts: never a key, a
 * header value or any part of a prompt or answer.
 */
export function createRequestLogMiddleware(logger: Logger): Middleware<GatewayState> {
  return async function requestLog(ctx, next) {
    ctx.res.once('close', () => void Promise.resolve(ctx.state.streamSettled).then(() => {
      const state = ctx.state;
      const end = process.hrtime.bigint();
      logger.info(
        {
          requestId: state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: milliseconds(state.startedAt, end),
          timeToFirstByteMs: state.firstByteAt ? milliseconds(state.startedAt, state.firstByteAt) : undefined,
          keyId: state.key?.id,
          model: state.model,
          provider: state.provider,
          stream: state.stream,
          streamOutcome: state.streamOutcome,
          errorCode: state.errorCode ?? undefined,
          promptTokens: state.usage?.prompt_tokens,
          completionTokens: state.usage?.completion_tokens,
        },
        'request',
      );
    }));
    await next();
  };
}
