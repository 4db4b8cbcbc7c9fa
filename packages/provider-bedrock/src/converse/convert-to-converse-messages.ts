import {
  invalidRequest,
  parseDataUrl,
  type AssistantMessage,
  type ChatMessage,
  type ReasoningDetail,
  type TextContentPart,
  type UserContentPart,
} from '@modelgate/core';
import type { ConverseContentBlock, ConverseImageFormat, ConverseMessage } from './converse-api-types.js';

const IMAGE_FORMATS: Readonly<Record<string, ConverseImageFormat>> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

function textOf(content: string | TextContentPart[] | null | undefined): string {
  if (content === null || content === undefined) return '';
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

/** Converse takes images as bytes only (or S3): an http URL is refused rather than fetched by the gateway. */
function imageBlock(url: string, at: string): ConverseContentBlock {
  const parsed = parseDataUrl(url);
  if (!parsed) throw invalidRequest(`Bedrock Converse takes images as bytes: send ${at} as a base64 data URL (data:image/png;base64,…).`, at, 'invalid_image_url');
  const format = IMAGE_FORMATS[parsed.mediaType];
  if (!format) throw invalidRequest(`Bedrock Converse takes png, jpeg, gif and webp images; ${at} is ${parsed.mediaType}.`, at, 'invalid_image_format');
  return { image: { format, source: { bytes: parsed.data } } };
}

function userBlocks(content: string | UserContentPart[], at: string): ConverseContentBlock[] {
  if (typeof content === 'string') return [{ text: content }];
  return content.map((part, index): ConverseContentBlock => {
    if (part.type === 'text') return { text: part.text };
    if (part.type === 'image_url') return imageBlock(part.image_url.url, `${at}.content[${index}].image_url.url`);
    throw invalidRequest(`Bedrock Converse models do not take '${part.type}' parts here.`, `${at}.content[${index}]`);
  });
}

/** Reasoning this model minted (its format names it), replayed first as Converse requires; anyone else's is left out. */
function reasoningBlocks(details: readonly ReasoningDetail[] | undefined, format: string): ConverseContentBlock[] {
  return (details ?? [])
    .filter((detail) => detail.format === format)
    .flatMap((detail): ConverseContentBlock[] => {
      if (detail.type === 'reasoning.text') return [{ reasoningContent: { reasoningText: { text: detail.text, ...(detail.signature ? { signature: detail.signature } : {}) } } }];
      if (detail.type === 'reasoning.encrypted') return [{ reasoningContent: { redactedContent: detail.data } }];
      return [];
    });
}

function toolArguments(text: string, at: string): unknown {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw invalidRequest(`The arguments of ${at} are not valid JSON; Bedrock Converse takes a tool call's input as a JSON object.`, at);
  }
}

function assistantBlocks(message: AssistantMessage, at: string, format: string): ConverseContentBlock[] {
  const text = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => (part.type === 'text' ? part.text : part.refusal)).join('');
  return [
    ...reasoningBlocks(message.reasoning_details, format),
    ...(text === '' ? [] : [{ text }]),
    ...(message.tool_calls ?? []).map((call, index): ConverseContentBlock => ({
      toolUse: { toolUseId: call.id, name: call.function.name, input: toolArguments(call.function.arguments, `${at}.tool_calls[${index}].function.arguments`) },
    })),
  ];
}

/**
 * The hub's messages as Converse's `system` and `messages` (PROTOCOLS J.3). Tool results become
 * `toolResult` blocks of a user turn; consecutive turns of one role are merged, because Converse
 * refuses a conversation that does not alternate ("A conversation must alternate between user and
 * assistant roles"). `format` names this model's reasoning, the only reasoning replayed to it.
 */
export function convertToConverseMessages(messages: readonly ChatMessage[], format: string): { system: Array<{ text: string }>; messages: ConverseMessage[] } {
  const system: Array<{ text: string }> = [];
  const turns: ConverseMessage[] = [];
  const add = (role: ConverseMessage['role'], content: ConverseContentBlock[]) => {
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...content);
    else turns.push({ role, content });
  };
  messages.forEach((message, index) => {
    const at = `messages[${index}]`;
    if (message.role === 'system' || message.role === 'developer') system.push({ text: textOf(message.content) });
    else if (message.role === 'user') add('user', userBlocks(message.content, at));
    else if (message.role === 'assistant') add('assistant', assistantBlocks(message, at, format));
    else if (message.role === 'tool') {
      const result = { toolUseId: message.tool_call_id, content: [{ text: textOf(message.content) }], ...(message.is_error ? { status: 'error' as const } : {}) };
      add('user', [{ toolResult: result }]);
    } else throw invalidRequest("Bedrock Converse does not take the deprecated 'function' role; use tool messages.", `${at}.role`);
  });
  return { system, messages: turns };
}
