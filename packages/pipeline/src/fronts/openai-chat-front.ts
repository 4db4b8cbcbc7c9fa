import { chatCompletionRequestSchema, type ChatCompletionRequest } from '@modelgate/core';
import { relayChatStream } from '../streaming/relay-chat-stream.js';
import { createBodyValidator } from '../validation/validate-request-body.js';
import { estimateRequestTokens } from './estimate-tokens.js';
import type { FrontDoor, FrontOperation } from './front-door.js';
import { noteStreamedChunk } from './note-streamed-chunk.js';
import { openAiConventions } from './openai-conventions.js';

/**
 * `POST /v1/chat/completions`: the hub dialect every provider speaks through its chat translator.
 * A translator that sends OpenAI's own body back (`relaysResponseVerbatim`) has its answer relayed
 * byte for byte; every other answer is the translator's object.
 */
const chatCompletions = {
  endpoint: 'chat' as const,
  method: 'POST',
  path: '/v1/chat/completions',
  validate: createBodyValidator<ChatCompletionRequest>(chatCompletionRequestSchema),
  // Every provider speaks the hub.
  serves: () => true,
  estimateTokens: (request, defaultOutputTokens) =>
    estimateRequestTokens([request.messages], [request.max_completion_tokens, request.max_tokens], defaultOutputTokens),
  translate(route, request, call) {
    const translator = route.instance.provider.chat;
    return {
      upstreamRequest: translator.toUpstreamRequest(request, call),
      toGatewayError: (failure) => translator.toGatewayError(failure, call),
      answer(text, parsed) {
        const response = translator.fromUpstreamResponse(parsed, call);
        return { body: translator.relaysResponseVerbatim ? text : response, usage: response.usage };
      },
      holdsAnswer: true,
      relay: (input) => {
        const streamTranslator = translator.createStreamTranslator(request, call);
        return relayChatStream({
          upstream: input.upstream,
          upstreamUrl: input.upstreamUrl,
          translator: streamTranslator,
          output: input.output,
          clientGone: input.clientGone,
          maxEventBytes: input.maxEventBytes,
          idleTimeoutMs: input.idleTimeoutMs,
          keepAliveIntervalMs: input.keepAliveIntervalMs,
          onOutput: (item) => noteStreamedChunk(input.exchange, item.chunk),
          startAnswer: input.startAnswer,
          beforeEnd: () => {
            // The vendor's counts, when it sent some the client did not ask to see.
            input.exchange.usage ??= streamTranslator.accountedUsage?.();
            input.beforeEnd();
          },
        });
      },
    };
  },
} satisfies FrontOperation<ChatCompletionRequest>;

/** OpenAI Chat Completions, the hub. */
export const openAiChatFront = {
  id: 'openai-chat',
  conventions: openAiConventions,
  operations: [chatCompletions],
} as const satisfies FrontDoor;
