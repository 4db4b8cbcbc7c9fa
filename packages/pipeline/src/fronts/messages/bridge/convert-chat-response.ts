import {
  upstreamProtocolError,
  type AnthropicContentBlock,
  type AnthropicMessage,
  type ChatCompletionResponse,
  type FunctionToolCall,
  type ReasoningDetail,
} from '@modelgate/core';
import { anthropicUsageFromCompletion } from '../anthropic-usage.js';
import { mintMessageId, stopReasonOf, toolInputOf } from './chat-to-messages-parts.js';
import { encodeCarrier, type ThinkingDisplay } from '../../shared/reasoning-carrier.js';

/**
 * Reasoning as Anthropic blocks: the reasoning text as a `thinking` block (shown, or only carried
 * when the client asked for `display: omitted`) whose signature carries the turn's reasoning
 * details; details without any text in one `redacted_thinking` block.
 */
function reasoningBlocks(text: string | undefined, details: readonly ReasoningDetail[], display: ThinkingDisplay): AnthropicContentBlock[] {
  if (text !== undefined && text !== '') {
    const carried = encodeCarrier({ ...(details.length > 0 && { details }), ...(display !== 'shown' && { text }) });
    return [{ type: 'thinking', thinking: display === 'shown' ? text : '', signature: carried }];
  }
  return details.length > 0 ? [{ type: 'redacted_thinking', data: encodeCarrier({ details }) }] : [];
}

/**
 * The answer's blocks when the client asked for no thinking: the text, then the tool calls, then
 * (only when there are calls, the one case the vendor checks them: PROTOCOLS F.3) one
 * `redacted_thinking` block carrying the turn's details and each call's vendor data. The
 * reasoning text itself is dropped: the client did not ask for it.
 */
function blocksWithoutThinking(text: string, calls: readonly FunctionToolCall[], details: readonly ReasoningDetail[]): AnthropicContentBlock[] {
  const content: AnthropicContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  for (const call of calls) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInputOf(call.function.arguments, call.id) });
  if (calls.length === 0) return content;
  if (details.length > 0) content.push({ type: 'redacted_thinking', data: encodeCarrier({ details }) });
  for (const call of calls) {
    if (call.extra_content) content.push({ type: 'redacted_thinking', data: encodeCarrier({ call: { id: call.id, extraContent: call.extra_content } }) });
  }
  return content;
}

/** Thinking first (as Anthropic answers with thinking on), the text, each call after its vendor data. */
function blocksWithThinking(message: ChatCompletionResponse['choices'][number]['message'], text: string, display: ThinkingDisplay): AnthropicContentBlock[] {
  const content = reasoningBlocks(message.reasoning_content, message.reasoning_details ?? [], display);
  if (text !== '') content.push({ type: 'text', text });
  for (const call of message.tool_calls ?? []) {
    if (call.extra_content) content.push({ type: 'redacted_thinking', data: encodeCarrier({ call: { id: call.id, extraContent: call.extra_content } }) });
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInputOf(call.function.arguments, call.id) });
  }
  return content;
}

/**
 * A whole chat completion as an Anthropic message (PROTOCOLS D.4): thinking first when asked for,
 * then the text (or the refusal), then each tool call as `tool_use` with its input object, a call's vendor data
 * (`extra_content`, e.g. a Gemini signature) carried in a `redacted_thinking` block before it.
 * The model is the one the client asked for; the usage is Anthropic's split (F.8 backwards).
 */
export function convertChatResponse(response: ChatCompletionResponse, model: string, display: ThinkingDisplay, maxToolCalls = Infinity): AnthropicMessage {
  const choice = response.choices[0];
  if (!choice) throw upstreamProtocolError('The upstream answered with no choice.');
  // Calls beyond what the client allowed (`disable_parallel_tool_use`: one) are not answered.
  const message = { ...choice.message, tool_calls: choice.message.tool_calls?.slice(0, maxToolCalls) };
  const text = (message.content ?? '') + (message.refusal ?? '');
  const content =
    display === 'off' ? blocksWithoutThinking(text, message.tool_calls ?? [], message.reasoning_details ?? []) : blocksWithThinking(message, text, display);
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
