import type { AnthropicMessagesRequest, CallContextV1 } from '@modelgate/core';
import type { MessagesOperationName } from '../anthropic-pass-through-plan.js';
import { NO_USAGE, vendorCountPlan } from '../../shared/token-count-plan.js';
import { estimateRequestTokens } from '../../shared/estimate-tokens.js';
import type { FrontPlan } from '../../front-door.js';
import { relayTranslatedStream } from '../../shared/relay-translated-stream.js';
import type { ModelRoute } from '../../../routing/model-router.js';
import { messagesErrorEvent } from '../../../streaming/messages-stream-tracker.js';
import { mintMessageId } from './chat-to-messages-parts.js';
import { convertChatResponse } from './convert-chat-response.js';
import { convertMessagesRequest } from './convert-messages-request.js';
import { singleToolCall } from './convert-messages-tools.js';
import { MessagesEventWriter } from './messages-event-writer.js';
import { thinkingDisplayOf } from '../../shared/reasoning-carrier.js';
import { parseUpstreamAnswer } from '../../shared/relayed-answer.js';
import { estimateBridgedPromptTokens } from './estimate-bridged-prompt.js';

/**
 * Messages for a provider that does not speak them: bridged through its chat translator, the hub.
 * The request becomes a chat request (convert-messages-request), the answer an Anthropic message
 * and a stream Anthropic's events (messages-event-writer). `count_tokens` goes to the vendor's
 * counter where it has one (Gemini), else the gateway answers its own estimate; charged nothing.
 */
export function bridgeMessagesPlan(route: ModelRoute, request: AnthropicMessagesRequest, call: CallContextV1, operation: MessagesOperationName): FrontPlan {
  const translator = route.instance.provider.chat;
  if (operation === 'count_tokens' && !translator.countTokens) return { localAnswer: { body: { input_tokens: estimateBridgedPromptTokens(request) }, usage: NO_USAGE } };
  const chatRequest = convertMessagesRequest(request, route, call);
  if (operation === 'count_tokens') return vendorCountPlan(translator, chatRequest, call, (inputTokens) => ({ input_tokens: inputTokens }));
  const display = thinkingDisplayOf(request.thinking);
  const maxToolCalls = singleToolCall(request.tool_choice) ? 1 : Infinity;
  return {
    upstreamRequest: translator.toUpstreamRequest(chatRequest, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), call);
      return { body: convertChatResponse(response, request.model, display, maxToolCalls), usage: response.usage };
    },
    holdsAnswer: true,
    relay(input) {
      const { promptTokens } = estimateRequestTokens([request.system, request.messages, request.tools], [0]);
      const writer = new MessagesEventWriter(mintMessageId(), request.model, display, maxToolCalls, promptTokens);
      return relayTranslatedStream(input, translator.createStreamTranslator(chatRequest, call), {
        encode: (item) => writer.write(item.chunk),
        end: () => writer.finish(),
        failure: messagesErrorEvent,
      });
    },
  };
}
