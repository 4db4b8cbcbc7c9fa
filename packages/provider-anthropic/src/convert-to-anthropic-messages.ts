import {
  invalidRequest,
  unsupportedParameter,
  type AnthropicContentBlockParam,
  type AnthropicTextBlockParam,
  type AssistantMessage,
  type ChatMessage,
  type FunctionToolCall,
  type TextContentPart,
  type ToolMessage,
  type UserContentPart,
} from '@modelgate/core';
import { checkKnownFields, type PartPolicy } from './anthropic-part-policy.js';
import { thinkingBlocksFrom } from './anthropic-reasoning-details.js';
import { AnthropicToolIds } from './anthropic-tool-ids.js';
import { convertTextPart, convertUserPart, textBlocks } from './convert-anthropic-content-parts.js';
import type { SentAnthropicTurn } from './sent-anthropic-request.js';
import { CONTINUE_TURN, settleFinalAssistantTurn } from './settle-final-assistant-turn.js';

export interface ConversationOptions extends PartPolicy {
  /** Thinking is on for this request: assistant messages' `reasoning_details` open their turns as thinking blocks. */
  readonly includeThinking: boolean;
  /** A trailing assistant message may be sent as a prefill (see settle-final-assistant-turn.ts). */
  readonly prefill: boolean;
}

export interface AnthropicConversation {
  readonly system: AnthropicTextBlockParam[];
  readonly messages: SentAnthropicTurn[];
  /** Names of the tools the history calls, in first-call order. */
  readonly calledTools: string[];
}

const FIELDS_BY_ROLE: Readonly<Record<ChatMessage['role'], ReadonlySet<string>>> = {
  system: new Set(['role', 'content', 'name']),
  developer: new Set(['role', 'content', 'name']),
  user: new Set(['role', 'content', 'name']),
  assistant: new Set(['role', 'content', 'name', 'refusal', 'tool_calls', 'reasoning_content', 'reasoning_details']),
  tool: new Set(['role', 'content', 'tool_call_id', 'name']),
  function: new Set(['role', 'content', 'name']),
};
const REFUSAL_PART_FIELDS = new Set(['type', 'refusal']);
const TOOL_CALL_FIELDS = new Set(['id', 'type', 'function', 'extra_content']);

/** Text parts (system, developer, tool) as blocks: one per part, never joined, each with its cache breakpoint. */
function textContentBlocks(content: string | TextContentPart[], path: string, policy: PartPolicy): AnthropicTextBlockParam[] {
  if (typeof content === 'string') return textBlocks(content);
  return content.flatMap((part, index) => convertTextPart(part, `${path}.content[${index}]`, policy));
}

function convertUser(content: string | UserContentPart[], path: string, policy: PartPolicy): AnthropicContentBlockParam[] {
  if (typeof content === 'string') return textBlocks(content);
  return content.flatMap((part, index) => convertUserPart(part, `${path}.content[${index}]`, policy));
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

function toolUseBlocks(calls: readonly FunctionToolCall[], path: string, ids: AnthropicToolIds, policy: PartPolicy): AnthropicContentBlockParam[] {
  const mapped = ids.openTurn(calls.map((call) => call.id));
  return calls.map((call, index) => {
    checkKnownFields(call, TOOL_CALL_FIELDS, `${path}.tool_calls[${index}]`, policy);
    return { type: 'tool_use', id: mapped[index]!, name: call.function.name, input: parseArguments(call.function.arguments, `${path}.tool_calls[${index}].function.arguments`) };
  });
}

/** Thinking first (when on), then text and refusal parts, then tool calls. `extra_content` is another vendor's data and stays behind. */
function convertAssistant(message: AssistantMessage, path: string, ids: AnthropicToolIds, options: ConversationOptions): AnthropicContentBlockParam[] {
  const blocks: AnthropicContentBlockParam[] = options.includeThinking ? thinkingBlocksFrom(message.reasoning_details) : [];
  if (typeof message.content === 'string') blocks.push(...textBlocks(message.content));
  else {
    (message.content ?? []).forEach((part, index) => {
      const partPath = `${path}.content[${index}]`;
      if (part.type === 'text') blocks.push(...convertTextPart(part, partPath, options));
      else {
        checkKnownFields(part, REFUSAL_PART_FIELDS, partPath, options);
        blocks.push(...textBlocks(part.refusal));
      }
    });
  }
  if (typeof message.refusal === 'string') blocks.push(...textBlocks(message.refusal));
  if (message.tool_calls) blocks.push(...toolUseBlocks(message.tool_calls, path, ids, options));
  return blocks;
}

function convertTool(message: ToolMessage, path: string, ids: AnthropicToolIds, policy: PartPolicy): AnthropicContentBlockParam {
  const id = ids.resultId(message.tool_call_id);
  if (typeof message.content === 'string') return { type: 'tool_result', tool_use_id: id, ...(message.content.trim() !== '' ? { content: message.content } : {}) };
  const content = textContentBlocks(message.content, path, policy);
  return { type: 'tool_result', tool_use_id: id, ...(content.length > 0 ? { content } : {}) };
}

/** Within a user turn, tool results come before anything else (PROTOCOLS D.2, F.2). */
function resultsFirst(blocks: AnthropicContentBlockParam[]): AnthropicContentBlockParam[] {
  return [...blocks.filter((block) => block.type === 'tool_result'), ...blocks.filter((block) => block.type !== 'tool_result')];
}

/** Every tool_use must be answered in the very next user turn, or Anthropic rejects the whole request. */
function checkToolPairing(messages: readonly SentAnthropicTurn[]): void {
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const answered = new Set((messages[index + 1]?.content ?? []).flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])));
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
 * PROTOCOLS F.1/F.2: system and developer messages (wherever they stand) become top-level `system`
 * blocks, one per part, in order; `tool` messages become `tool_result` blocks of a user turn;
 * adjacent turns of one role merge; empty text is dropped; tool-call ids are made Anthropic's,
 * injectively. `name` has no Anthropic field and is dropped; other unknown fields go by the part
 * policy. A conversation that opens with the assistant gets a one-word user turn first, and a
 * trailing assistant turn is settled by settleFinalAssistantTurn.
 */
export function convertToAnthropicMessages(messages: readonly ChatMessage[], options: ConversationOptions): AnthropicConversation {
  const system: AnthropicTextBlockParam[] = [];
  const turns: SentAnthropicTurn[] = [];
  const ids = new AnthropicToolIds();
  const calledTools = new Set<string>();
  const append = (role: 'user' | 'assistant', blocks: AnthropicContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: [...blocks] });
  };
  messages.forEach((message, index) => {
    const path = `messages[${index}]`;
    checkKnownFields(message, FIELDS_BY_ROLE[message.role], path, options);
    switch (message.role) {
      case 'system':
      case 'developer':
        return void system.push(...textContentBlocks(message.content, path, options));
      case 'user':
        return append('user', convertUser(message.content, path, options));
      case 'assistant':
        for (const call of message.tool_calls ?? []) calledTools.add(call.function.name);
        return append('assistant', convertAssistant(message, path, ids, options));
      case 'tool':
        return append('user', [convertTool(message, path, ids, options)]);
      case 'function':
        throw unsupportedParameter(path, "Deprecated 'function' messages are not supported for Anthropic models; use tools and 'tool' messages.");
    }
  });
  for (const turn of turns) if (turn.role === 'user') turn.content = resultsFirst(turn.content);
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: [...CONTINUE_TURN.content] });
  settleFinalAssistantTurn(turns, options.prefill);
  if (turns.length === 0) {
    if (system.length === 0) throw invalidRequest('The messages contain no text, image or tool content to send.', 'messages');
    // Instructions alone (OpenAI answers them): Anthropic needs a user turn, so the instructions are it.
    return { system: [], messages: [{ role: 'user', content: system }], calledTools: [...calledTools] };
  }
  checkToolPairing(turns);
  return { system, messages: turns, calledTools: [...calledTools] };
}
