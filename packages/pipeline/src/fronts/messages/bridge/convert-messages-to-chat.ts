import {
  unsupportedParameter,
  type AnthropicContentBlockParam,
  type AnthropicMessageParam,
  type AnthropicMessagesRequest,
  type AssistantMessage,
  type ChatMessage,
  type FunctionToolCall,
  type ReasoningDetail,
  type TextContentPart,
  type UserContentPart,
} from '@modelgate/core';
import { decodeCarrier } from '../../shared/reasoning-carrier.js';

type ToolResultBlock = Extract<AnthropicContentBlockParam, { type: 'tool_result' }>;

/** How a failed tool result (`is_error: true`) opens, for a family without an error flag on tool messages. */
export const TOOL_ERROR_NOTE = 'The tool call failed (is_error):';

/** What the conversion needs to know of the target family. */
export interface ChatConversionOptions {
  /** The family's tool messages carry `is_error` (the hub extension): Gemini's `functionResponse.response.error`. */
  readonly toolErrorFlag: boolean;
  /** The family's tool messages carry their images (the hub extension `images`): Gemini's `functionResponse.parts`. */
  readonly toolResultImages: boolean;
}

function blocksOf(content: AnthropicMessageParam['content']): AnthropicContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** An image or document block as the hub's part (PROTOCOLS F.5, read backwards). */
function mediaPart(block: AnthropicContentBlockParam, path: string): UserContentPart {
  if (block.type === 'image') {
    if (block.source.type === 'base64') return { type: 'image_url', image_url: { url: `data:${block.source.media_type};base64,${block.source.data}` } };
    if (block.source.type === 'url') return { type: 'image_url', image_url: { url: block.source.url } };
  }
  if (block.type === 'document') {
    const { source } = block;
    if (source.type === 'text') return { type: 'text', text: source.data };
    if (source.type === 'base64') return { type: 'file', file: { file_data: `data:${source.media_type};base64,${source.data}`, ...(block.title ? { filename: block.title } : {}) } };
  }
  throw unsupportedParameter(`${path}.source`, `A ${block.type} from the Files API or this source type cannot be sent to this model's family.`);
}

/** A tool result's content as the tool message's text, and its images for the user turn that follows. */
function toolResultParts(block: ToolResultBlock, path: string, statesErrors: boolean): { text: TextContentPart[]; media: UserContentPart[] } {
  const content = typeof block.content === 'string' || block.content === undefined ? [{ type: 'text' as const, text: block.content ?? '' }] : block.content;
  // `is_error` in words, for a family whose tool messages cannot say it.
  const text: TextContentPart[] = block.is_error === true && statesErrors ? [{ type: 'text', text: TOOL_ERROR_NOTE }] : [];
  const media: UserContentPart[] = [];
  content.forEach((part, index) => {
    if (part.type === 'text') text.push({ type: 'text', text: part.text });
    else media.push(mediaPart(part, `${path}.content[${index}]`));
  });
  if (text.length === 0) text.push({ type: 'text', text: media.length > 0 ? '(the result is the attached image)' : '' });
  return { text, media };
}

/**
 * A user message: its tool results first, one `tool` message each (PROTOCOLS F.6), then the rest
 * as one user message. Images inside a tool result follow in that user message, since a hub
 * `tool` message carries text only; for a family that takes them on the tool message (Gemini), they
 * ride on it (the hub extension `images`) and its translator places them.
 */
function convertUserMessage(message: AnthropicMessageParam, path: string, options: ChatConversionOptions): ChatMessage[] {
  const toolMessages: ChatMessage[] = [];
  const parts: UserContentPart[] = [];
  blocksOf(message.content).forEach((block, index) => {
    const blockPath = `${path}.content[${index}]`;
    if (block.type === 'tool_result') {
      const { text, media } = toolResultParts(block, blockPath, !options.toolErrorFlag);
      const failed = block.is_error === true && options.toolErrorFlag ? { is_error: true } : {};
      const images = options.toolResultImages ? media.filter((part) => part.type === 'image_url') : [];
      toolMessages.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text, ...failed, ...(images.length > 0 && { images }) });
      parts.push(...media.filter((part) => !images.includes(part as (typeof images)[number])));
    } else if (block.type === 'text') parts.push({ type: 'text', text: block.text });
    else if (block.type === 'image' || block.type === 'document') parts.push(mediaPart(block, blockPath));
    else throw unsupportedParameter(`${blockPath}.type`, `A '${block.type}' block cannot be in a user message.`);
  });
  if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
  return parts.length > 0 ? [...toolMessages, { role: 'user', content: parts }] : toolMessages;
}

/**
 * An assistant message: text, tool calls (input as a JSON string), and what the gateway carried in
 * its thinking blocks back in place (reasoning text, `reasoning_details`, each call's
 * `extra_content`). Thinking a Claude model signed means nothing to another family and is left out.
 */
function convertAssistantMessage(message: AnthropicMessageParam, path: string): AssistantMessage {
  const text: string[] = [];
  const reasoning: string[] = [];
  const details: ReasoningDetail[] = [];
  const toolCalls: FunctionToolCall[] = [];
  const extraContent = new Map<string, FunctionToolCall['extra_content']>();
  blocksOf(message.content).forEach((block, index) => {
    if (block.type === 'text') text.push(block.text);
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      const carried = decodeCarrier(block.type === 'thinking' ? block.signature : block.data);
      if (!carried) return;
      const thought = block.type === 'thinking' && block.thinking !== '' ? block.thinking : carried.text;
      if (thought) reasoning.push(thought);
      details.push(...(carried.details ?? []));
      if (carried.call) extraContent.set(carried.call.id, carried.call.extraContent);
    } else throw unsupportedParameter(`${path}.content[${index}].type`, `A '${block.type}' block cannot be in an assistant message.`);
  });
  const assistant: AssistantMessage = { role: 'assistant', content: text.length > 0 ? text.join('') : null };
  if (toolCalls.length > 0) assistant.tool_calls = toolCalls.map((call) => (extraContent.has(call.id) ? { ...call, extra_content: extraContent.get(call.id) } : call));
  if (reasoning.length > 0) assistant.reasoning_content = reasoning.join('');
  if (details.length > 0) assistant.reasoning_details = details;
  return assistant;
}

/** A system message in the conversation's course: a hub system message at the same place, text only. */
function convertSystemMessage(message: AnthropicMessageParam, path: string): ChatMessage {
  if (typeof message.content === 'string') return { role: 'system', content: message.content };
  return {
    role: 'system',
    content: message.content.map((block, index) => {
      if (block.type !== 'text') throw unsupportedParameter(`${path}.content[${index}].type`, `A system message holds text blocks only, not '${block.type}'.`);
      return { type: 'text', text: block.text };
    }),
  };
}

/** `system` and `messages` as the hub's messages, in order (PROTOCOLS F.1, F.2, F.6, read backwards). */
export function convertMessagesToChat(request: Pick<AnthropicMessagesRequest, 'system' | 'messages'>, options: ChatConversionOptions): ChatMessage[] {
  const system: ChatMessage[] =
    request.system === undefined || request.system.length === 0
      ? []
      : [{ role: 'system', content: typeof request.system === 'string' ? request.system : request.system.map((block) => ({ type: 'text', text: block.text })) }];
  return [
    ...system,
    ...request.messages.flatMap((message, index) => {
      if (message.role === 'user') return convertUserMessage(message, `messages[${index}]`, options);
      return message.role === 'system' ? [convertSystemMessage(message, `messages[${index}]`)] : [convertAssistantMessage(message, `messages[${index}]`)];
    }),
  ];
}
