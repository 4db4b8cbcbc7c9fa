import type { Context } from 'koa';
import type { ResponsesRequest, UpstreamRequestV1 } from '@modelgate/core';
import { assertEndpointAllowed } from '../auth/check-key-scope.js';
import { readJsonBody } from '../http/read-json-body.js';
import { admitRequest } from '../limits/admit-request.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { relayResponsesStream } from '../streaming/relay-responses-stream.js';
import type { UpstreamReply } from '../transport/upstream-transport.js';
import { validateResponsesRequest } from '../validation/validate-request-body.js';
import { callUpstream, createCallContext } from './call-upstream.js';
import { readUpstreamJson } from './read-upstream-json.js';
import type { RouteDependencies } from './route-dependencies.js';
import { toCompletionUsage, usageOf } from './responses-usage.js';
import { resolveResponsesRoute, type ResponsesEndpoint } from './responses-translator-resolver.js';
import { streamToClient } from './stream-to-client.js';

type GatewayContext = Context & { state: GatewayState };

/** Relays a non-streamed answer byte for byte, reading only its usage for the request log. */
async function relayJsonAnswer(ctx: GatewayContext, reply: UpstreamReply, upstreamRequest: UpstreamRequestV1): Promise<void> {
  const { text, parsed } = await readUpstreamJson(reply, upstreamRequest.url);
  ctx.state.usage = usageOf(parsed);
  ctx.type = 'application/json';
  ctx.body = text;
}

function relayEventStream(ctx: GatewayContext, reply: UpstreamReply, upstreamRequest: UpstreamRequestV1, clientGone: () => boolean, keepAliveIntervalMs: number): void {
  const state = ctx.state;
  streamToClient(ctx, (output, beforeEnd) =>
    relayResponsesStream({
      upstream: reply.body,
      upstreamUrl: upstreamRequest.url,
      output,
      clientGone,
      keepAliveIntervalMs,
      maxEventBytes: reply.limits.maxEventBytes,
      onWrite: () => {
        state.firstByteAt ??= process.hrtime.bigint();
      },
      onUsage: (usage) => {
        state.usage = toCompletionUsage(usage);
      },
      beforeEnd,
    }),
  );
}

/**
 * `POST /v1/responses` and `POST /v1/responses/compact` for providers that speak the Responses API
 * (the OpenAI family): the body goes upstream as the client sent it (model substituted), and the
 * answer or its event stream comes back untouched. Other families get a 400 pointing to chat.
 */
export function createResponsesHandler(dependencies: RouteDependencies, endpoint: ResponsesEndpoint) {
  return async function responses(ctx: GatewayContext): Promise<void> {
    const key = ctx.state.key!;
    assertEndpointAllowed(key, endpoint);
    const request: ResponsesRequest = validateResponsesRequest(await readJsonBody(ctx.req, dependencies.bodyLimitBytes, dependencies.maxJsonDepth));
    const { route, translator } = resolveResponsesRoute(dependencies.models, key, request.model, endpoint);
    const call = createCallContext(ctx, route, dependencies.logger);
    const upstreamRequest = endpoint === 'compact' ? translator.toUpstreamCompactRequest(request, call) : translator.toUpstreamRequest(request, call);
    Object.assign(ctx.state, { model: route.publicId, provider: route.instance.id, stream: upstreamRequest.stream });
    await admitRequest(ctx, endpoint, route, request);
    const { reply, clientGone } = await callUpstream(ctx, dependencies.transport, upstreamRequest, route, (failure) => translator.toGatewayError(failure, call));
    if (upstreamRequest.stream) relayEventStream(ctx, reply, upstreamRequest, clientGone, dependencies.keepAliveIntervalMs);
    else await relayJsonAnswer(ctx, reply, upstreamRequest);
  };
}
