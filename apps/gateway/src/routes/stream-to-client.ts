import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { RelayOutcome } from '../streaming/relay-outcome.js';

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/**
 * Answers 200 with an event stream and lets `relay` write into it; the relay calls `beforeEnd` just
 * before its last write, when the usage record is spooled. The request log waits for the relay
 * (`streamSettled`) and records how it ended.
 */
export function streamToClient(ctx: Context & { state: GatewayState }, relay: (output: PassThrough, beforeEnd: () => void) => Promise<RelayOutcome>): void {
  const output = new PassThrough();
  ctx.status = 200;
  ctx.set(EVENT_STREAM_HEADERS);
  ctx.body = output;
  const state = ctx.state;
  state.stage = 'streaming';
  const beforeEnd = () => state.gate?.recordAnswer(state, 200);
  state.streamSettled = relay(output, beforeEnd).then((outcome) => {
    state.streamOutcome = outcome.kind;
    if (outcome.kind !== 'failed') return;
    state.errorCode = outcome.error.code;
    // Outside the middleware chain now: Koa's 'error' event is where the app logs what went wrong.
    if (outcome.error.code === 'internal_error') ctx.app.emit('error', outcome.error.cause ?? outcome.error, ctx);
  });
}
