import type { CallContextV1 } from '@modelgate/core';
import type { ExchangePlan } from '../fronts/front-door.js';
import { relayTranslatedStream } from '../fronts/relay-translated-stream.js';
import { parseUpstreamAnswer } from '../fronts/relayed-answer.js';
import type { ModelRoute } from '../routing/model-router.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';
import { convertChatToResponse } from './convert-chat-to-response.js';
import { convertResponsesRequest } from './convert-responses-request.js';
import { createAnswerContext } from './responses-output-items.js';
import { ResponsesEventWriter } from './responses-event-writer.js';

/** The deployment a route stands for (`<instance>/<upstream model>`): what bridged reasoning is tagged with. */
export function minterOf(route: ModelRoute): string {
  return `${route.instance.id}/${route.upstreamModel}`;
}

/**
 * `POST /v1/responses` for a provider that does not speak Responses (the switch
 * `responses.otherFamilies: bridge`): bridged through its chat translator, the hub, as the
 * Messages front bridges (PROTOCOLS F.13). The request becomes a chat request
 * (convert-responses-request), the answer a response object and a stream the Responses events
 * (responses-event-writer). Nothing is stored: the client sends the whole history every turn.
 */
export function bridgeResponsesPlan(route: ModelRoute, request: BridgedResponsesRequest, call: CallContextV1): ExchangePlan {
  const translator = route.instance.provider.chat;
  const minter = minterOf(route);
  const { chat, customToolNames } = convertResponsesRequest(request, route, minter);
  const context = createAnswerContext(request, minter, customToolNames);
  return {
    upstreamRequest: translator.toUpstreamRequest(chat, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), call);
      return { body: convertChatToResponse(response, context), usage: response.usage };
    },
    holdsAnswer: true,
    relay(input) {
      const writer = new ResponsesEventWriter(context);
      return relayTranslatedStream(input, translator.createStreamTranslator(chat, call), {
        encode: (item) => writer.write(item.chunk),
        end: () => writer.end(),
        failure: (error) => writer.failure(error),
      });
    },
  };
}
