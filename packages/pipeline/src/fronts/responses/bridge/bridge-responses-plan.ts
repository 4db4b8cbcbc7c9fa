import { unsupportedParameter, type CallContextV1 } from '@modelgate/core';
import type { ExchangePlan } from '../../front-door.js';
import { relayTranslatedStream } from '../../shared/relay-translated-stream.js';
import { parseUpstreamAnswer } from '../../shared/relayed-answer.js';
import type { ModelRoute } from '../../../routing/model-router.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';
import { validateBridgedResponsesRequest } from './bridged-responses-request-schema.js';
import { convertChatToResponse } from './convert-chat-to-response.js';
import { convertResponsesRequest } from './convert-responses-request.js';
import { compactedResponse, compactionItem } from './responses-compaction.js';
import { createAnswerContext, responseObject } from './responses-output-items.js';
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
 * Compaction (`/v1/responses/compact`, or a `compaction_trigger` item) is a summarising turn whose
 * summary comes back as one `compaction` item (responses-compaction).
 */
export function bridgeResponsesPlan(route: ModelRoute, request: BridgedResponsesRequest, call: CallContextV1, operation: 'create' | 'compact'): ExchangePlan {
  const translator = route.instance.provider.chat;
  const minter = minterOf(route);
  if (operation === 'compact' && request.stream === true) throw unsupportedParameter('stream', '/v1/responses/compact answers in one piece; it does not stream.');
  validateBridgedResponsesRequest(request);
  const { chat, customToolNames, compaction } = convertResponsesRequest(request, route, minter, operation === 'compact');
  const context = createAnswerContext(request, minter, customToolNames);
  return {
    upstreamRequest: translator.toUpstreamRequest(chat, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), call);
      if (!compaction) return { body: convertChatToResponse(response, context), usage: response.usage };
      const summary = response.choices[0]?.message.content ?? '';
      const body = operation === 'compact' ? compactedResponse(context, summary, response.usage) : responseObject(context, { status: 'completed', output: [compactionItem(context, summary)], usage: response.usage });
      return { body, usage: response.usage };
    },
    holdsAnswer: true,
    relay(input) {
      const writer = new ResponsesEventWriter(context, compaction);
      return relayTranslatedStream(input, translator.createStreamTranslator(chat, call), {
        encode: (item) => writer.write(item.chunk),
        end: () => writer.end(),
        failure: (error) => writer.failure(error),
      });
    },
  };
}
