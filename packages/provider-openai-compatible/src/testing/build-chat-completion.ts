import type { ChatCompletionMessage, ChatCompletionResponse, CompletionUsage } from '@modelgate/core';
import type { CompletionIdentity } from './completion-identity.js';
import type { PlannedChoice } from './plan-chat-choices.js';

function message(choice: PlannedChoice): ChatCompletionMessage {
  const built: ChatCompletionMessage = { role: 'assistant', content: choice.content, refusal: choice.refusal, annotations: [] };
  // Omitted rather than [] when there are none: clients read [] as "has tool calls".
  if (choice.toolCalls.length > 0) built.tool_calls = choice.toolCalls;
  return built;
}

/** The non-streaming answer, field for field as PROTOCOLS A.4. */
export function buildChatCompletion(identity: CompletionIdentity, choices: readonly PlannedChoice[], usage: CompletionUsage): ChatCompletionResponse {
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    system_fingerprint: identity.systemFingerprint,
    service_tier: 'default',
    choices: choices.map((choice) => ({ index: choice.index, message: message(choice), logprobs: null, finish_reason: choice.finishReason })),
    usage,
  };
}
