import type { Context, Middleware } from 'koa';
import { describeRequestEnding, type Exchange, type RequestEnding } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import { isTokenCount } from '../usage/count-tokens.js';
import type { GatewayState } from './gateway-state.js';

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

function milliseconds(from: bigint, to: bigint): number {
  return Number((to - from) * 1000n / NANOSECONDS_PER_MILLISECOND) / 1000;
}

/** The error code each failed request was answered with, kept by the request log until it writes its line. */
const failureCodes = new WeakMap<Context, string | null>();

/** Called by whoever renders an error response, so the log line names its code. */
export function noteFailureForLog(ctx: Context, code: string | null): void {
  failureCodes.set(ctx, code);
}

function exchangeFields(exchange: Exchange | undefined): object {
  if (!exchange) return {};
  return {
    recordId: exchange.recordId,
    timeToFirstByteMs: exchange.firstByteAt ? milliseconds(exchange.startedAt, exchange.firstByteAt) : undefined,
    model: exchange.model,
    provider: exchange.provider,
    stream: exchange.route ? exchange.stream : undefined,
    streamOutcome: exchange.streamOutcome,
    // The upstream's counts when usable; otherwise the usage record has estimates.
    promptTokens: isTokenCount(exchange.usage?.prompt_tokens) ? exchange.usage.prompt_tokens : undefined,
    completionTokens: isTokenCount(exchange.usage?.completion_tokens) ? exchange.usage.completion_tokens : undefined,
  };
}

/**
 * One structured line per request, written when the connection is done (a model request's once
 * its exchange has ended, so streams log their outcome and usage). It holds ids, model, status,
 * outcome, timings and token counts: never a key, a header value or any part of a prompt or answer.
 * A request that did not complete also names the stage it reached; one abandoned before any answer
 * is logged with status 499.
 */
export function createRequestLogMiddleware(logger: Logger, lifecycle: GatewayLifecycle): Middleware<GatewayState> {
  return async function requestLog(ctx, next) {
    // Below `info` (the default for production is `warn`) the line would be dropped: no listener,
    // no closure, no promise per request. The level is read per request, so changing it at run time works.
    if (!logger.isLevelEnabled('info')) return next();
    ctx.res.once('close', () => {
      const { exchange } = ctx.state;
      const close = lifecycle.describeClose(ctx.res);
      const ended: Promise<RequestEnding> = exchange ? exchange.ended : Promise.resolve(describeRequestEnding(close, { status: ctx.status, bodyComplete: ctx.req.complete }));
      void ended.then((ending) => {
        const state = ctx.state;
        logger.info(
          {
            requestId: state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ending.status,
            outcome: ending.outcome,
            stage: ending.outcome === 'completed' ? undefined : ending.stage,
            durationMs: milliseconds(state.startedAt, process.hrtime.bigint()),
            keyId: state.key?.id ?? exchange?.key.id,
            ...exchangeFields(exchange),
            errorCode: (exchange?.errorCode ?? failureCodes.get(ctx)) ?? undefined,
          },
          'request',
        );
      });
    });
    await next();
  };
}
