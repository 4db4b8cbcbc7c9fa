import type { CompletionUsage } from '@modelgate/core';
import { estimateTokens, type PromptSegment } from '@modelgate/testkit';
import type { ScriptedUsage } from './openai-chat-reply.js';
import { messageText } from './message-text.js';
import { choiceText, type PlannedChoice } from './plan-chat-choices.js';

/** Fixed overhead OpenAI counts for each message's role and separators. */
const TOKENS_PER_MESSAGE = 3;

export function estimatePromptTokens(messages: readonly object[]): number {
  const characters = messages.map((message) => messageText(message)).join('');
  return estimateTokens(characters) + TOKENS_PER_MESSAGE * messages.length;
}

/** The prompt as the automatic prompt cache sees it: each message, with its tokens. */
export function promptSegments(messages: readonly object[]): PromptSegment[] {
  return messages.map((message) => ({ text: JSON.stringify(message), tokens: estimateTokens(messageText(message)) + TOKENS_PER_MESSAGE }));
}

/**
 * Usage for the whole request: completion tokens sum over all choices, as at OpenAI; `cachedTokens`
 * are what the simulator's prompt cache read (scripted counts win), never more than the prompt.
 */
export function estimateUsage(messages: readonly object[], choices: readonly PlannedChoice[], scripted: ScriptedUsage = {}, cachedTokens = 0): CompletionUsage {
  const promptTokens = scripted.promptTokens ?? estimatePromptTokens(messages);
  const completionTokens = scripted.completionTokens ?? choices.reduce((sum, choice) => sum + estimateTokens(choiceText(choice)), 0);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: scripted.cachedTokens ?? Math.min(cachedTokens, promptTokens), audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: scripted.reasoningTokens ?? 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
