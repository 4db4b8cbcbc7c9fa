import {
  invalidRequest,
  unsupportedParameter,
  type AssistantMessage,
  type ChatMessage,
  type FunctionToolCall,
  type ReasoningDetail,
  type UserContentPart,
} from '@modelgate/core';
import type { BridgedResponsesRequest, ResponsesInputItem } from './bridged-responses-request.js';
import { convertInputContent, splitToolOutput, textOnly } from './convert-responses-content.js';
import { decodeMinted } from './minted-reasoning.js';

/** How a summary the gateway wrote comes back into the conversation (remote compaction, PROTOCOLS C.4 option b). */
export const COMPACTION_SUMMARY_PREFIX = 'Summary of the earlier conversation, written when it was compacted:\n\n';

/** The assistant turn being gathered from consecutive reasoning, message and tool-call items. */
interface AssistantDraft {
  readonly text: string[];
  readonly reasoning: string[];
  readonly details: ReasoningDetail[];
  readonly calls: FunctionToolCall[];
  readonly extraContent: Map<string, FunctionToolCall['extra_content']>;
}

function requiredString(item: ResponsesInputItem, field: string, path: string): string {
  const value = item[field];
  if (typeof value !== 'string' || value === '') throw invalidRequest(`'${path}.${field}' must be a non-empty string.`, `${path}.${field}`);
  return value;
}

/**
 * Folds Responses input items into hub messages (PROTOCOLS B.1, F.13): consecutive reasoning,
 * assistant message, `function_call` and `custom_tool_call` items make one assistant message;
 * each output item a `tool` message (its images in a user message after the run of tool
 * messages). Reasoning the gateway minted for this deployment comes back as reasoning text,
 * details and call data; any other (OpenAI's, another model's) is left out.
 */
class InputFolder {
  readonly messages: ChatMessage[] = [];
  private draft: AssistantDraft | undefined;
  private pendingMedia: UserContentPart[] = [];

  constructor(private readonly minter: string) {}

  add(item: ResponsesInputItem, path: string): void {
    const type = item.type ?? 'message';
    switch (type) {
      case 'message':
        return this.message(item, path);
      case 'reasoning':
        return this.reasoning(item);
      case 'function_call':
        return this.call(requiredString(item, 'call_id', path), requiredString(item, 'name', path), typeof item.arguments === 'string' ? item.arguments : '{}');
      case 'custom_tool_call':
        return this.call(requiredString(item, 'call_id', path), requiredString(item, 'name', path), JSON.stringify({ input: typeof item.input === 'string' ? item.input : '' }));
      case 'function_call_output':
      case 'custom_tool_call_output':
        return this.toolOutput(item, path);
      case 'compaction':
      case 'compaction_summary':
        return this.compaction(item, path);
      case 'item_reference':
        throw unsupportedParameter(`${path}.type`, 'An item_reference names a stored item; the gateway stores nothing for models it bridges. Send the item itself.');
      default:
        throw unsupportedParameter(`${path}.type`, `Input items of type '${type}' cannot be sent to this model; only messages, reasoning, function and custom tool calls and their outputs are bridged.`);
    }
  }

  finish(): ChatMessage[] {
    this.flushAssistant();
    this.flushMedia();
    return this.messages;
  }

  private message(item: ResponsesInputItem, path: string): void {
    const role = item.role;
    const parts = convertInputContent(item.content, `${path}.content`);
    if (role === 'assistant') {
      this.flushMedia();
      const draft = this.openDraft();
      for (const part of textOnly(parts, `${path}.content`)) draft.text.push(part.text);
      return;
    }
    this.flushAssistant();
    this.flushMedia();
    if (role === 'user') this.messages.push({ role: 'user', content: parts });
    else if (role === 'system' || role === 'developer') this.messages.push({ role, content: textOnly(parts, `${path}.content`) });
    else throw invalidRequest(`'${path}.role' must be user, system, developer or assistant.`, `${path}.role`);
  }

  private reasoning(item: ResponsesInputItem): void {
    const minted = decodeMinted(item.encrypted_content);
    if (!minted || minted.minter !== this.minter) return;
    this.flushMedia();
    const draft = this.openDraft();
    if (minted.text) draft.reasoning.push(minted.text);
    draft.details.push(...(minted.details ?? []));
    if (minted.call) draft.extraContent.set(minted.call.id, minted.call.extraContent);
  }

  private call(id: string, name: string, argumentsText: string): void {
    this.flushMedia();
    this.openDraft().calls.push({ id, type: 'function', function: { name, arguments: argumentsText } });
  }

  private toolOutput(item: ResponsesInputItem, path: string): void {
    this.flushAssistant();
    const { text, media } = splitToolOutput(item.output, `${path}.output`);
    this.messages.push({ role: 'tool', tool_call_id: requiredString(item, 'call_id', path), content: text });
    this.pendingMedia.push(...media);
  }

  private compaction(item: ResponsesInputItem, path: string): void {
    const minted = decodeMinted(item.encrypted_content);
    if (minted?.summary === undefined) {
      throw invalidRequest(
        `'${path}' is a compaction item another server made (OpenAI's are encrypted for OpenAI); this model cannot read it. Start a new conversation, or compact it with this gateway.`,
        `${path}.encrypted_content`,
        'invalid_encrypted_content',
      );
    }
    this.flushAssistant();
    this.flushMedia();
    this.messages.push({ role: 'user', content: COMPACTION_SUMMARY_PREFIX + minted.summary });
  }

  private openDraft(): AssistantDraft {
    return (this.draft ??= { text: [], reasoning: [], details: [], calls: [], extraContent: new Map() });
  }

  private flushAssistant(): void {
    const draft = this.draft;
    if (!draft) return;
    this.draft = undefined;
    const message: AssistantMessage = { role: 'assistant', content: draft.text.length > 0 ? draft.text.join('') : null };
    if (draft.calls.length > 0) message.tool_calls = draft.calls.map((call) => (draft.extraContent.has(call.id) ? { ...call, extra_content: draft.extraContent.get(call.id) } : call));
    if (draft.reasoning.length > 0) message.reasoning_content = draft.reasoning.join('');
    if (draft.details.length > 0) message.reasoning_details = draft.details;
    this.messages.push(message);
  }

  private flushMedia(): void {
    if (this.pendingMedia.length === 0) return;
    this.messages.push({ role: 'user', content: this.pendingMedia.splice(0) });
  }
}

/** `instructions` and `input` as the hub's messages, in order; `minter` names the deployment they go to. */
export function convertResponsesInput(request: Pick<BridgedResponsesRequest, 'instructions' | 'input'>, minter: string): ChatMessage[] {
  const folder = new InputFolder(minter);
  if (typeof request.instructions === 'string' && request.instructions !== '') folder.messages.push({ role: 'system', content: request.instructions });
  const input = request.input ?? [];
  if (typeof input === 'string') {
    folder.messages.push({ role: 'user', content: input });
    return folder.finish();
  }
  input.forEach((item, index) => folder.add(item, `input[${index}]`));
  return folder.finish();
}
