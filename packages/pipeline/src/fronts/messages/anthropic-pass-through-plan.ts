import type { AnthropicMessagesRequest, CallContextV1, PassThroughTranslatorV1 } from '@modelgate/core';
import { MessagesStreamTracker } from '../../streaming/messages-stream-tracker.js';
import { relayVerbatimStream } from '../../streaming/relay-verbatim-stream.js';
import { withoutGatewayThinking } from './anthropic-foreign-thinking.js';
import { anthropicServerToolCalls, anthropicUsageOf } from './anthropic-usage.js';
import type { ExchangePlan, WholeAnswer } from '../front-door.js';
import { parseUpstreamAnswer, readRelayedMembers } from '../shared/relayed-answer.js';
import { verbatimRelayOptions } from '../shared/verbatim-relay-options.js';
import { NO_USAGE } from '../shared/token-count-plan.js';

/** The operations of the Messages front, as its pass-through translators name them. */
export type MessagesOperationName = 'create' | 'count_tokens';

/**
 * Same-dialect traffic for a provider that speaks Anthropic Messages (PROTOCOLS D): the body goes
 * upstream as the client sent it (the translator replaces the model and adds the vendor's auth and
 * the relayed `anthropic-*` headers; thinking blocks the gateway minted for another family are
 * left out), and the answer, or each event of its stream, comes back as
 * the upstream's own bytes, its usage read on the way (the provider's reader first, when it has one).
 */
export function anthropicPassThroughPlan(
  translator: PassThroughTranslatorV1<AnthropicMessagesRequest>,
  request: AnthropicMessagesRequest,
  call: CallContextV1,
  operation: MessagesOperationName,
): ExchangePlan {
  // A provider's own reader gets the whole body, parsed; the front's own reads the `usage` member alone.
  const answerOf = (text: string): WholeAnswer => {
    const { usage } = readRelayedMembers(text, ['usage']);
    const serverToolCalls = anthropicServerToolCalls(usage);
    return {
      body: text,
      usage: translator.usageFromResponse ? translator.usageFromResponse(parseUpstreamAnswer(text), call) : anthropicUsageOf({ usage }),
      ...(serverToolCalls && { serverToolCalls }),
    };
  };
  return {
    upstreamRequest: translator.toUpstreamRequest(withoutGatewayThinking(request), call, operation),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer: (text) => (operation === 'count_tokens' ? { body: text, usage: (readRelayedMembers(text, []), NO_USAGE) } : answerOf(text)),
    relay(input) {
      const tracker = new MessagesStreamTracker(translator.createStreamUsageReader?.(call));
      return relayVerbatimStream({ ...verbatimRelayOptions(input, tracker, () => ({ serverToolCalls: tracker.serverToolCalls })), dialect: 'Messages' });
    },
  };
}
