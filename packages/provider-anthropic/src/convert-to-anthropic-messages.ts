import {
  invalidRequest,
  parseDataUrl,
  unsupportedParameter,
  type AssistantMessage,
  type ChatMessage,
  type TextContentPart,
  type ToolMessage,
  type UserContentPart,
} from '@modelgate/core';
import type { AnthropicMessageParam, AnthropicRequestBlock, AnthropicTextBlock } from './anthropic-messages-api-types.js';

const IMAGE_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Anthropic accepts only `[a-zA-Z0-9_-]` in tool ids; the same function runs on calls and results, so pairs still match. */
export function toAnthropicToolId(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_');
}

export interface AnthropicConversation {
  readonly system: string | undefined;
  readonly messages: AnthropicMessageParam[];
}

function textOf(content: string | TextContentPart[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

/** Anthropic rejects empty and whitespace-only text blocks, so they never leave the gateway. */
function textBlock(text: string): AnthropicTextBlock[] {
  return text.trim() === '' ? [] : [{ type: 'text', text }];
}

function convertUserPart(part: UserContentPart, path: string): AnthropicRequestBlock[] {
  switch (part.type) {
    case 'text':
      return textBlock(part.text);
    case 'image_url': {
      const url = part.image_url.url;
      const inline = parseDataUrl(url);
      if (inline) {
        if (!IMAGE_MEDIA_TYPES.has(inline.mediaType)) {
          throw invalidRequest(`Anthropic accepts images of type image/jpeg, image/png, image/gif or image/webp, not ${inline.mediaType}.`, path, 'invalid_image_format');
        }
        return [{ type: 'image', source: { type: 'base64', media_type: inline.mediaType, data: inline.data } }];
      }
      if (/^https?:\/\//i.test(url)) return [{ type: 'image', source: { type: 'url', url } }];
      throw invalidRequest('An image URL must be an http(s) URL or a base64 data URL.', path, 'invalid_image_url');
    }
    case 'file': {
      const inline = part.file.file_data === undefined ? undefined : parseDataUrl(part.file.file_data);
      if (inline?.mediaType === 'application/pdf') {
        return [{ type: 'document', source: { type: 'base64', media_type: inline.mediaType, data: inline.data }, ...(part.file.filename ? { title: part.file.filename } : {}) }];
      }
      throw unsupportedParameter(path, 'Anthropic accepts files only as base64 PDF data URLs (file_data); file ids are not supported.');
    }
    case 'input_audio':
      throw unsupportedParameter(path, 'Anthropic does not accept audio input.');
  }
}

function convertUser(content: string | UserContentPart[], path: string): AnthropicRequestBlock[] {
  if (typeof content === 'string') return textBlock(content);
  return content.flatMap((part, index) => convertUserPart(part, `${path}.content[${index}]`));
}

function parseArguments(text: string, path: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw invalidRequest('Tool call arguments must be a JSON object encoded as a string.', path, 'invalid_value');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidRequest('Tool call arguments must encode a JSON object: Anthropic tool inputs are objects.', path, 'invalid_value');
  }
  return parsed as Record<string, unknown>;
}

function convertAssistant(message: AssistantMessage, path: string): AnthropicRequestBlock[] {
  const blocks: AnthropicRequestBlock[] = [];
  if (typeof message.content === 'string') blocks.push(...textBlock(message.content));
  else for (const part of message.content ?? []) blocks.push(...textBlock(part.type === 'text' ? part.text : part.refusal));
  if (typeof message.refusal === 'string') blocks.push(...textBlock(message.refusal));
  message.tool_calls?.forEach((call, index) => {
    blocks.push({
      type: 'tool_use',
      id: toAnthropicToolId(call.id),
      name: call.function.name,
      input: parseArguments(call.function.arguments, `${path}.tool_calls[${index}].function.arguments`),
    });
  });
  return blocks;
}

function convertTool(message: ToolMessage): AnthropicRequestBlock {
  const content = typeof message.content === 'string' ? message.content : message.content.flatMap((part) => textBlock(part.text));
  const hasContent = typeof content === 'string' ? content.trim() !== '' : content.length > 0;
  return { type: 'tool_result', tool_use_id: toAnthropicToolId(message.tool_call_id), ...(hasContent ? { content } : {}) };
}

/** Within a user turn, tool results come before anything else (PROTOCOLS D.2, F.2). */
function resultsFirst(blocks: AnthropicRequestBlock[]): AnthropicRequestBlock[] {
  return [...blocks.filter((block) => block.type === 'tool_result'), ...blocks.filter((block) => block.type !== 'tool_result')];
}

/** Every tool_use must be answered in the very next user turn, or Anthropic rejects the whole request. */
function checkToolPairing(messages: readonly AnthropicMessageParam[]): void {
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const answered = new Set(
      (messages[index + 1]?.content ?? []).flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])),
    );
    const missing = message.content.flatMap((block) => (block.type === 'tool_use' && !answered.has(block.id) ? [block.id] : []));
    if (missing.length > 0) {
      throw invalidRequest(
        `Tool calls ${missing.join(', ')} have no tool message answering them before the next user or assistant message; Anthropic requires every tool call to be answered.`,
        'messages',
      );
    }
  });
}

/**
 * PROTOCOLS F.1/F.2: system and developer messages (wherever they stand) become the top-level
 * `system`, joined by blank lines; `tool` messages become `tool_result` blocks of a user turn;
 * adjacent turns of one role merge; empty text is dropped. `name` has no Anthropic field and is
 * dropped. A conversation that opens with the assistant gets a one-word user turn first.
 */
export function convertToAnthropicMessages(messages: readonly ChatMessage[]): AnthropicConversation {
  const system: string[] = [];
  const turns: AnthropicMessageParam[] = [];
  const append = (role: 'user' | 'assistant', blocks: AnthropicRequestBlock[]) => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: [...blocks] });
  };
  messages.forEach((message, index) => {
    const path = `messages[${index}]`;
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = textOf(message.content);
        if (text.trim() !== '') system.push(text);
        return;
      }
      case 'user':
        return append('user', convertUser(message.content, path));
      case 'assistant':
        return append('assistant', convertAssistant(message, path));
      case 'tool':
        return append('user', [convertTool(message)]);
      case 'function':
        throw unsupportedParameter(path, "Deprecated 'function' messages are not supported for Anthropic models; use tools and 'tool' messages.");
    }
  });
  for (const turn of turns) if (turn.role === 'user') turn.content = resultsFirst(turn.content);
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: [{ type: 'text', text: 'Continue.' }] });
  if (turns.length === 0) throw invalidRequest('The messages contain no text, image or tool content to send.', 'messages');
  checkToolPairing(turns);
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: turns };
}
