import type { Context } from 'koa';
import { assertEndpointAllowed, resolveModelForKey } from '../auth/check-key-scope.js';
import { readJsonBody } from '../http/read-json-body.js';
import { admitRequest } from '../limits/admit-request.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { relayChatStream } from '../streaming/relay-chat-stream.js';
import { noteStreamedChunk } from '../usage/note-streamed-chunk.js';
import { validateChatCompletionRequest } from '../validation/validate-request-body.js';
import { callUpstream, createCallContext } from './call-upstream.js';
import { readUpstreamJson } from './read-upstream-json.js';
import type { RouteDependencies } from './route-dependencies.js';
import { streamToClient } from './stream-to-client.js';

/** `POST /v1/chat/completions`: validate, route by model, translate, call, translate back. */
export function createChatCompletionsHandler(dependencies: RouteDependencies) {
  return async function chatCompletions(ctx: Context & { state: GatewayState }): Promise<void> {
    const key = ctx.state.key!;
    assertEndpointAllowed(key, 'chat');
    const request = validateChatCompletionRequest(await readJsonBody(ctx.req, dependencies.bodyLimitBytes, dependencies.maxJsonDepth));
    const route = resolveModelForKey(dependencies.models, key, request.model);
    Object.assign(ctx.state, { model: route.publicId, provider: route.instance.id, stream: request.stream === true });
    await admitRequest(ctx, 'chat', route, request);

    const translator = route.instance.provider.chat;
    const call = createCallContext(ctx, route, dependencies.logger);
    const upstreamRequest = translator.toUpstreamRequest(request, call);
    const { reply, clientGone } = await callUpstream(ctx, dependencies.transport, upstreamRequest, route, (failure) => translator.toGatewayError(failure, call));

    if (!upstreamRequest.stream) {
      const { text, parsed } = await readUpstreamJson(reply, upstreamRequest.url);
      const response = translator.fromUpstreamResponse(parsed, call);
      ctx.state.usage = response.usage;
      if (translator.relaysResponseVerbatim) {
        ctx.type = 'application/json';
        ctx.body = text;
      } else {
        ctx.body = response;
      }
      return;
    }

    const state = ctx.state;
    streamToClient(ctx, (output, beforeEnd) =>
      relayChatStream({
        upstream: reply.body,
        upstreamUrl: upstreamRequest.url,
        translator: translator.createStreamTranslator(request, call),
        output,
        clientGone,
        maxEventBytes: reply.limits.maxEventBytes,
        onOutput: (item) => noteStreamedChunk(state, item.chunk),
        beforeEnd,
      }),
    );
  };
}
