import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import { isTokenCount } from '../usage/count-tokens.js';
import { describeRequestEnding, noteConnectionClose } from '../usage/request-ending.js';
import type { GatewayState } from './gateway-state.js';

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

function milliseconds(from: bigint, to: bigint): number {
  return Number((to - from) * 1000n / NANOSECONDS_PER_MILLISECOND) / 1000;
}

/**
 * One structured line per request, written when the connection is done (so streams log their
 * outcome and usage). It holds ids, model, status, outcome, timings and token counts: never a key,
 * a header value or any part of a prompt or answer. A request that did not complete also names the
 * stage it reached; one abandoned before any answer is logged with status 499.
 */
export function createRequestLogMiddleware(logger: Logger, lifecycle: GatewayLifecycle): Middleware<GatewayState> {
  return async function requestLog(ctx, next) {
    ctx.res.once('close', () => {
      const closed = noteConnectionClose(ctx.res, lifecycle);
      void Promise.resolve(ctx.state.streamSettled).then(() => {
        const state = ctx.state;
        const ending = describeRequestEnding(state, closed, ctx.status, ctx.req);
        const end = process.hrtime.bigint();
        logger.info(
          {
            requestId: state.requestId,
            recordId: state.recordId,
            method: ctx.method,
            path: ctx.path,
            status: ending.status,
            outcome: ending.outcome,
            stage: ending.outcome === 'completed' ? undefined : ending.stage,
            durationMs: milliseconds(state.startedAt, end),
            timeToFirstByteMs: state.firstByteAt ? milliseconds(state.startedAt, state.firstByteAt) : undefined,
            keyId: state.key?.id,
            model: state.model,
            provider: state.provider,
            stream: state.stream,
            streamOutcome: state.streamOutcome,
            errorCode: state.errorCode ?? undefined,
            // The upstream's counts when usable; otherwise the usage record has estimates.
            promptTokens: isTokenCount(state.usage?.prompt_tokens) ? state.usage.prompt_tokens : undefined,
            completionTokens: isTokenCount(state.usage?.completion_tokens) ? state.usage.completion_tokens : undefined,
          },
          'request',
        );
      });
    });
    await next();
  };
}
