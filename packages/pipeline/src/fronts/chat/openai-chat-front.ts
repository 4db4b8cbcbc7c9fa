import { chatCompletionRequestSchema, type ChatCompletionRequest } from '@modelgate/core';
import { createBodyValidator } from '../../validation/validate-request-body.js';
import { estimateRequestTokens } from '../shared/estimate-tokens.js';
import type { FrontDoor, FrontOperation } from '../front-door.js';
import { openAiConventions } from '../shared/openai-conventions.js';
import { relayTranslatedStream } from '../shared/relay-translated-stream.js';
import { parseUpstreamAnswer, readRelayedMembers } from '../shared/relayed-answer.js';
import { unpricedChatPart } from '../shared/unpriced-parts.js';
import { openAiModelQueries } from '../shared/model-list-queries.js';

const CHAT_COMPLETION_CHOICES = { key: 'choices', what: 'a chat completion' } as const;

/**
 * `POST /v1/chat/completions`: the hub dialect every provider speaks through its chat translator.
 * A translator that sends OpenAI's own body back (`relaysResponseVerbatim`) has its answer relayed
 * byte for byte, only its usage parsed (when the translator reads usage alone); every other answer
 * is the translator's object.
 */
const chatCompletions = {
  endpoint: 'chat' as const,
  method: 'POST',
  path: '/v1/chat/completions',
  validate: createBodyValidator<ChatCompletionRequest>(chatCompletionRequestSchema),
  // Every provider speaks the hub.
  serves: () => true,
  estimateTokens: (request, defaultOutputTokens) =>
    estimateRequestTokens([request.messages], [request.max_completion_tokens, request.max_tokens], defaultOutputTokens, request.n),
  unpricedPart: unpricedChatPart,
  translate(route, request, call) {
    const translator = route.instance.provider.chat;
    return {
      upstreamRequest: translator.toUpstreamRequest(request, call),
      toGatewayError: (failure) => translator.toGatewayError(failure, call),
      answer(text) {
        if (translator.relaysResponseVerbatim && translator.usageOfRelayedResponse) {
          const { usage } = readRelayedMembers(text, ['usage'], CHAT_COMPLETION_CHOICES);
          return { body: text, usage: translator.usageOfRelayedResponse(usage, call) };
        }
        const response = translator.fromUpstreamResponse(parseUpstreamAnswer(text), call);
        return { body: translator.relaysResponseVerbatim ? text : response, usage: response.usage };
      },
      holdsAnswer: true,
      relay: (input) => relayTranslatedStream(input, translator.createStreamTranslator(request, call)),
    };
  },
} satisfies FrontOperation<ChatCompletionRequest>;

/** OpenAI Chat Completions, the hub; OpenAI's model list. */
export const openAiChatFront = {
  id: 'openai-chat',
  conventions: openAiConventions,
  operations: [chatCompletions],
  queries: openAiModelQueries,
} as const satisfies FrontDoor;
