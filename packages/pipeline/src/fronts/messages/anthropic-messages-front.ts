import {
  anthropicCountTokensRequestSchema,
  anthropicMessagesRequestSchema,
  resolvePassThroughTranslator,
  type AnthropicMessagesRequest,
} from '@modelgate/core';
import { bridgeMessagesPlan } from './bridge/bridge-messages-plan.js';
import { createBodyValidator, type BodyValidator } from '../../validation/validate-request-body.js';
import { anthropicConventions } from './anthropic-conventions.js';
import { anthropicPassThroughPlan, type MessagesOperationName } from './anthropic-pass-through-plan.js';
import { estimateRequestTokens } from '../shared/estimate-tokens.js';
import type { FrontDoor, FrontOperation } from '../front-door.js';
import { unpricedMessagesPart } from '../shared/unpriced-parts.js';
import { anthropicModelQueries } from '../shared/model-list-queries.js';

/** The client headers an Anthropic upstream gets as the client sent them (PROTOCOLS D.1). */
export const ANTHROPIC_RELAYED_REQUEST_HEADERS = ['anthropic-version', 'anthropic-beta'] as const;

/**
 * An operation of the Messages front. Every provider serves it: one that speaks Anthropic Messages
 * itself (its `anthropic-messages` pass-through) gets the client's body and relays its bytes back;
 * any other is bridged through its chat translator (`bridge/`), answering in Anthropic's
 * shapes and events.
 */
function messagesOperation<Endpoint extends string>(
  endpoint: Endpoint,
  path: string,
  operation: MessagesOperationName,
  validate: BodyValidator<AnthropicMessagesRequest>,
): FrontOperation<AnthropicMessagesRequest> & { readonly endpoint: Endpoint } {
  return {
    endpoint,
    method: 'POST',
    path,
    relayedRequestHeaders: ANTHROPIC_RELAYED_REQUEST_HEADERS,
    validate,
    serves: () => true,
    // Anthropic charges nothing for counting.
    unbilled: operation === 'count_tokens',
    unpricedPart: operation === 'count_tokens' ? undefined : unpricedMessagesPart,
    // Counting generates nothing: only the prompt is charged up front.
    estimateTokens: (request, defaultOutputTokens) =>
      estimateRequestTokens([request.system, request.messages, request.tools], operation === 'create' ? [request.max_tokens] : [0], defaultOutputTokens),
    translate(route, request, call) {
      const translator = resolvePassThroughTranslator(route.instance.provider, 'anthropic-messages');
      return translator ? anthropicPassThroughPlan(translator, request, call, operation) : bridgeMessagesPlan(route, request, call, operation);
    },
  };
}

/**
 * Anthropic Messages, the dialect of Claude Code and the Anthropic SDKs: `/v1/messages` (JSON and
 * SSE) and its token counter. `count_tokens` is an endpoint (and key scope) of its own, as
 * `compact` is beside `responses`: a key scoped to `messages` alone cannot count. Its clients (they
 * send `anthropic-version`) get the model list in Anthropic's shape.
 */
export const anthropicMessagesFront = {
  id: 'anthropic-messages',
  conventions: anthropicConventions,
  operations: [
    messagesOperation('messages', '/v1/messages', 'create', createBodyValidator(anthropicMessagesRequestSchema)),
    messagesOperation('count_tokens', '/v1/messages/count_tokens', 'count_tokens', createBodyValidator(anthropicCountTokensRequestSchema)),
  ],
  queries: anthropicModelQueries,
} as const satisfies FrontDoor;
