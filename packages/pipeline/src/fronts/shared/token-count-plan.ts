import type { CallContextV1, ChatCompletionRequest, ChatTranslatorV1, CompletionUsage } from '@modelgate/core';
import type { FrontPlan } from '../front-door.js';
import { parseUpstreamAnswer } from './relayed-answer.js';

/** The usage of an answer the vendor does not bill (a token count). */
export const NO_USAGE: CompletionUsage = Object.freeze({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });

/**
 * A bridged token count by the vendor's own counter (Gemini's `countTokens`, Anthropic's
 * `count_tokens`): the hub request goes to the counter, and its count is answered in the front's
 * shape (`answerBody`); counting is unbilled.
 */
export function vendorCountPlan(translator: ChatTranslatorV1, chatRequest: ChatCompletionRequest, call: CallContextV1, answerBody: (inputTokens: number) => object): FrontPlan {
  const counter = translator.countTokens!;
  return {
    upstreamRequest: counter.toUpstreamRequest({ ...chatRequest, stream: false }, call),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer: (text) => ({ body: answerBody(counter.inputTokens(parseUpstreamAnswer(text))), usage: NO_USAGE }),
    relay: () => Promise.reject(new Error('A token count is never streamed.')),
  };
}
