import {
  upstreamProtocolError,
  type AnthropicMessage,
  type AnthropicRedactedThinkingBlock,
  type AnthropicThinkingBlock,
  type ChatCompletionMessage,
  type ChatCompletionResponse,
  type FunctionToolCall,
  type ReasoningDetail,
} from '@modelgate/core';
import { toReasoningDetail } from './anthropic-reasoning-details.js';
import { anthropicRefusal } from './anthropic-refusal.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

function isAnthropicMessage(body: unknown): body is AnthropicMessage {
  const candidate = body as Partial<AnthropicMessage> | null;
  return typeof candidate === 'object' && candidate !== null && candidate.type === 'message' && Array.isArray(candidate.content);
}

/**
 * A Messages API answer as a `chat.completion`: text blocks joined into `content`, `tool_use`
 * blocks as `tool_calls` (the upstream id kept, the input object as a JSON string), thinking as
 * `reasoning_content` and, with its signature, as `reasoning_details` (redacted thinking too) for
 * the client to send back; a refusal's explanation as `refusal`. Server-tool blocks and citations
 * carry nothing a chat client can use and are left out.
 */
export function convertFromAnthropicResponse(body: unknown, created: number): ChatCompletionResponse {
  if (!isAnthropicMessage(body)) throw upstreamProtocolError('Anthropic answered with a body that is not a message.');
  let text: string | null = null;
  let reasoning: string | undefined;
  const details: ReasoningDetail[] = [];
  const toolCalls: FunctionToolCall[] = [];
  for (const block of body.content) {
    if (block.type === 'text') text = (text ?? '') + String(block.text);
    else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      if (block.type === 'thinking') reasoning = (reasoning ?? '') + String(block.thinking);
      details.push(toReasoningDetail(block as AnthropicThinkingBlock | AnthropicRedactedThinkingBlock, details.length));
    } else if (block.type === 'tool_use') {
      toolCalls.push({ id: String(block.id), type: 'function', function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  const refusal = body.stop_reason === 'refusal' ? anthropicRefusal(body.stop_details) : null;
  // OpenAI answers `""` for an empty answer; `null` only beside tool calls or a refusal (PROTOCOLS A.4).
  const message: ChatCompletionMessage = { role: 'assistant', content: text ?? (toolCalls.length > 0 || refusal !== null ? null : ''), refusal };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (reasoning !== undefined) message.reasoning_content = reasoning;
  if (details.length > 0) message.reasoning_details = details;
  return {
    id: body.id,
    object: 'chat.completion',
    created,
    model: body.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: mapAnthropicFinishReason(body.stop_reason) }],
    usage: convertAnthropicUsage(body.usage ?? {}),
  };
}
