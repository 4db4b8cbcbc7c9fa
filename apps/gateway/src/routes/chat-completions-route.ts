import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { modelNotFound, upstreamProtocolError } from '@modelgate/core';
import { assertEndpointAllowed, assertModelAllowed } from '../auth/check-key-scope.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { relayChatStream } from '../streaming/relay-chat-stream.js';
import { readUpstreamText } from '../transport/upstream-transport.js';
import { validateChatCompletionRequest } from '../validation/validate-request-body.js';
import { callUpstream, createCallContext } from './call-upstream.js';
import type { RouteDependencies } from './route-dependencies.js';

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/** `POST /v1/chat/completions`: validate, route by model, translate, call, translate back. */
export function createChatCompletionsHandler(dependencies: RouteDependencies) {
  return async function chatCompletions(ctx: Context & { state: GatewayState }): Promise<void> {
    const key = ctx.state.key!;
    assertEndpointAllowed(key, 'chat');
    const request = validateChatCompletionRequest(await readJsonBody(ctx.req, dependencies.bodyLimitBytes));
    const route = dependencies.models.resolve(request.model);
    if (!route) throw modelNotFound(request.model);
    assertModelAllowed(key, route.publicId);
    Object.assign(ctx.state, { model: route.publicId, provider: route.instance.id, stream: request.stream === true });

    const translator = route.instance.provider.chat;
    const call = createCallContext(ctx, route, dependencies.logger);
    const upstreamRequest = translator.toUpstreamRequest(request, call);
    const { reply, clientGone } = await callUpstream(ctx, dependencies.transport, upstreamRequest, (failure) =>
      translator.toGatewayError(failure, call),
    );

    if (!upstreamRequest.stream) {
      const text = await readUpstreamText(reply.body, upstreamRequest.url);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw upstreamProtocolError('The upstream answered with a body that is not JSON.', error);
      }
      const response = translator.fromUpstreamResponse(parsed, call);
      ctx.state.usage = response.usage;
      ctx.body = response;
      return;
    }

    const output = new PassThrough();
    ctx.status = 200;
    ctx.set(EVENT_STREAM_HEADERS);
    ctx.body = output;
    const state = ctx.state;
    state.streamSettled = relayChatStream({
      upstream: reply.body,
      upstreamUrl: upstreamRequest.url,
      translator: translator.createStreamTranslator(request, call),
      output,
      clientGone,
      onOutput: (item) => {
        state.firstByteAt ??= process.hrtime.bigint();
        if (item.chunk.usage) state.usage = item.chunk.usage;
      },
    }).then((outcome) => {
      state.streamOutcome = outcome.kind;
      if (outcome.kind === 'failed') state.errorCode = outcome.error.code;
    });
  };
}
