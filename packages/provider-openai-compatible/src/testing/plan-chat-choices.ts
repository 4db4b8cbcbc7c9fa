import type { FinishReason, FunctionToolCall } from '@modelgate/core';
import { randomToken } from '@modelgate/testkit';
import type { OpenAiChatReply } from './openai-chat-reply.js';

/** One choice as both the JSON and the stream builders need it, ids already assigned. */
export interface PlannedChoice {
  index: number;
  content: string | null;
  refusal: string | null;
  toolCalls: FunctionToolCall[];
  finishReason: FinishReason;
  interleaveArguments: boolean;
}

function planChoice(reply: OpenAiChatReply, index: number): PlannedChoice {
  switch (reply.kind) {
    case 'text':
      return { index, content: reply.text, refusal: null, toolCalls: [], finishReason: reply.finishReason ?? 'stop', interleaveArguments: false };
    case 'refusal':
      return { index, content: null, refusal: reply.text, toolCalls: [], finishReason: 'stop', interleaveArguments: false };
    case 'tool_calls':
      return {
        index,
        content: reply.text ?? null,
        refusal: null,
        // Fresh ids per choice, as each choice is a separate completion.
        toolCalls: reply.calls.map((call) => ({
          id: call.id ?? `call_${randomToken()}`,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
        finishReason: 'tool_calls',
        interleaveArguments: reply.interleaveArguments ?? false,
      };
  }
}

export function planChoices(reply: OpenAiChatReply, count: number): PlannedChoice[] {
  return Array.from({ length: count }, (_, index) => planChoice(reply, index));
}

/** The generated text of a choice, for the completion token estimate. */
export function choiceText(choice: PlannedChoice): string {
  let text = (choice.content ?? '') + (choice.refusal ?? '');
  for (const call of choice.toolCalls) text += call.function.name + call.function.arguments;
  return text;
}
