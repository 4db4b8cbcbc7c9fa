import {
  upstreamProtocolError,
  type AnthropicContentBlock,
  type AnthropicMessage,
  type ChatCompletionResponse,
  type ReasoningDetail,
} from '@modelgate/core';
import { anthropicUsageFromCompletion } from '../fronts/anthropic-usage.js';
import { mintMessageId, stopReasonOf, toolInputOf } from './chat-to-messages-parts.js';
import { encodeCarrier } from './reasoning-carrier.js';

/**
 * Reasoning as Anthropic blocks: the reasoning text as a `thinking` block (shown, or only carried
 * when the client asked for `display: omitted`) whose signature carries the turn's reasoning
 * details; details without any text in one `redacted_thinking` block.
 */
function reasoningBlocks(text: string | undefined, details: readonly ReasoningDetail[], showThinking: boolean): AnthropicContentBlock[] {
  if (text !== undefined && text !== '') {
    const carried = encodeCarrier({ ...(details.length > 0 && { details }), ...(!showThinking && { text }) });
    return [{ type: 'thinking', thinking: showThinking ? text : '', signature: carried }];
  }
  return details.length > 0 ? [{ type: 'redacted_thinking', data: encodeCarrier({ details }) }] : [];
}

/**
 * A whole chat completion as an Anthropic message (PROTOCOLS D.4): thinking first, then the text
 * (or the refusal), then each tool call as `tool_use` with its input object, a call's vendor data
 * (`extra_content`, e.g. a Gemini signature) carried in a `redacted_thinking` block before it.
 * The model is the one the client asked for; the usage is Anthropic's split (F.8 backwards).
 */
export function convertChatResponse(response: ChatCompletionResponse, model: string, showThinking: boolean): AnthropicMessage {
  const choice = response.choices[0];
  if (!choice) throw upstreamProtocolError('The upstream answered with no choice.');
  const { message } = choice;
  const content: AnthropicContentBlock[] = reasoningBlocks(message.reasoning_content, message.reasoning_details ?? [], showThinking);
  const text = (message.content ?? '') + (message.refusal ?? '');
  if (text !== '') content.push({ type: 'text', text });
  for (const call of message.tool_calls ?? []) {
    if (call.extra_content) content.push({ type: 'redacted_thinking', data: encodeCarrier({ call: { id: call.id, extraContent: call.extra_content } }) });
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInputOf(call.function.arguments, call.id) });
  }
  return {
    id: mintMessageId(),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReasonOf(choice.finish_reason),
    stop_sequence: null,
    usage: anthropicUsageFromCompletion(response.usage),
  };
}
