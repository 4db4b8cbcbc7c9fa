import type { Context } from 'koa';
import type { CallContextV1, GatewayError, UpstreamFailureV1, UpstreamRequestV1 } from '@modelgate/core';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { ModelRoute } from '../routing/model-router.js';
import { relayUpstreamHeaders } from './relay-upstream-headers.js';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import type { UpstreamReply, UpstreamTransport } from '../transport/upstream-transport.js';

export function createCallContext(ctx: Context & { state: GatewayState }, route: ModelRoute, logger: { warn(object: object, message: string): void }): CallContextV1 {
  return {
    requestId: ctx.state.requestId,
    publicModel: route.publicId,
    upstreamModel: route.upstreamModel,
    warn: (warning) => logger.warn({ requestId: ctx.state.requestId, warning }, 'translation warning'),
  };
}

export interface UpstreamCall {
  readonly reply: UpstreamReply;
  /** True once the client has disconnected; the upstream request is aborted at that moment. */
  readonly clientGone: () => boolean;
}

/**
 * Sends the upstream request, tied to the client: when the client disconnects before the answer
 * is complete, the upstream request is aborted too. A successful answer's headers that the route's
 * provider declares are relayed; a non-2xx answer becomes the translator's error
 * (its body read within `upstream.maxResponseBytes`); a redirect is a 502 (see UpstreamTransport).
 */
export async function callUpstream(
  ctx: Context,
  transport: UpstreamTransport,
  request: UpstreamRequestV1,
  route: ModelRoute,
  toGatewayError: (failure: UpstreamFailureV1) => GatewayError,
): Promise<UpstreamCall> {
  const controller = new AbortController();
  let gone = false;
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) {
      gone = true;
      controller.abort();
    }
  });
  const reply = await transport.open(request, controller.signal);
  if (reply.status < 200 || reply.status >= 300) {
    const body = await readUpstreamText(reply, request.url);
    throw toGatewayError({ status: reply.status, headers: reply.headers, body });
  }
  relayUpstreamHeaders(ctx, reply.headers, route.instance.provider.relayedResponseHeaders ?? []);
  return { reply, clientGone: () => gone };
}
