import { invalidRequest, unsupportedParameter, type ChatMessage, type TextContentPart, type ToolMessage, type GoogleContent, type GoogleGenerateContentRequest, type GooglePart, type GoogleRole } from '@modelgate/core';
import { convertToGoogleModelParts, type DraftPart } from './convert-to-google-model-parts.js';
import { convertToGoogleUserParts } from './convert-to-google-user-parts.js';
import type { FunctionNameMap } from './google-function-names.js';
import type { GoogleModelTraits } from './google-model-traits.js';
import { parseToolCallId, upstreamCallId } from './google-tool-call-ids.js';
import { placeSkipSignatures } from './place-skip-signatures.js';

interface DraftContent {
  readonly role: GoogleRole;
  parts: DraftPart[];
}

export type GoogleConversation = Pick<GoogleGenerateContentRequest, 'contents' | 'systemInstruction'>;

/** The text blocks of a content, each its own (empty ones dropped): blocks never run together. */
function textBlocks(content: string | TextContentPart[]): string[] {
  return (typeof content === 'string' ? [content] : content.map((part) => part.text)).filter((text) => text.trim() !== '');
}

/** Whether a `$ref` key sits anywhere in a parsed value: Gemini reserves it in a response (E.2). */
function hasReference(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasReference);
  return typeof value === 'object' && value !== null && ('$ref' in value || Object.values(value).some(hasReference));
}

/**
 * A tool result as a `response` object (Gemini takes a Struct, E.2): a JSON object as sent, anything
 * else as `{content}`. An object holding `$ref` at any depth (MCP and OpenAPI tools return schemas)
 * also goes as its text: Gemini reads `$ref` there as a reference to a multimodal part and answers 400.
 */
function responseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !hasReference(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Plain text.
  }
  return { content: text };
}

class ContentsBuilder {
  readonly system: string[] = [];
  readonly contents: DraftContent[] = [];
  /** Client call id → the Gemini function name, from the assistant messages seen so far. */
  private readonly callNames = new Map<string, string>();

  constructor(
    private readonly names: FunctionNameMap,
    private readonly traits: GoogleModelTraits,
    private readonly issuer: string,
  ) {}

  add(message: ChatMessage, path: string): void {
    switch (message.role) {
      case 'system':
      case 'developer':
        this.system.push(...textBlocks(message.content));
        return;
      case 'user': {
        const parts = typeof message.content === 'string' ? convertToGoogleUserParts({ type: 'text', text: message.content }, path) : message.content.flatMap((part, index) => convertToGoogleUserParts(part, `${path}.content[${index}]`));
        return this.append('user', parts.map((part) => ({ part })));
      }
      case 'assistant': {
        const parts = convertToGoogleModelParts(message, path, this.names, this.traits.issuesCallIds, this.issuer);
        for (const draft of parts) if (draft.callId !== undefined) this.callNames.set(draft.callId, draft.part.functionCall!.name);
        return this.append('model', parts);
      }
      case 'tool':
        return this.append('user', [this.functionResponse(message, path), ...this.trailingImages(message, path)]);
      case 'function':
        throw unsupportedParameter(path, "Deprecated 'function' messages are not supported for Gemini models; use tools and 'tool' messages.");
    }
  }

  /** PROTOCOLS F.3/F.6: the name is the call's (looked up, never the id); the id only where the model issues ids. */
  private functionResponse(message: ToolMessage, path: string): DraftPart {
    const callId = parseToolCallId(message.tool_call_id).id;
    const name = this.callNames.get(callId);
    if (name === undefined) throw invalidRequest(`The tool message answers '${message.tool_call_id}', which no earlier assistant tool call has.`, `${path}.tool_call_id`);
    const id = upstreamCallId(message.tool_call_id, this.traits.issuesCallIds);
    const text = typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join('\n\n');
    // A failed call's output goes under `error`, Gemini's key for error details (FunctionResponse.response).
    const output = responseObject(text);
    const response = message.is_error === true ? { error: 'content' in output && Object.keys(output).length === 1 ? output.content : output } : output;
    const parts = this.traits.multimodalFunctionResponses ? this.imageParts(message, path) : [];
    return { part: { functionResponse: { ...(id ? { id } : {}), name, response, ...(parts.length > 0 && { parts }) } }, callId };
  }

  /**
   * A tool result's images (the hub extension `images`) as Gemini parts. No `displayName` nor
   * `$ref` in the response: optional, and the `$ref` form fails on the Gemini API (maximhq/bifrost#4202).
   */
  private imageParts(message: ToolMessage, path: string): GooglePart[] {
    return (message.images ?? []).flatMap((image, index) => convertToGoogleUserParts(image, `${path}.images[${index}]`));
  }

  /** A model that takes no images in a function response gets them after the responses of its turn, as a user turn would carry them. */
  private trailingImages(message: ToolMessage, path: string): DraftPart[] {
    return this.traits.multimodalFunctionResponses ? [] : this.imageParts(message, path).map((part) => ({ part }));
  }

  /** Adjacent messages of one role become one content (PROTOCOLS F.2); empty ones vanish. */
  private append(role: GoogleRole, parts: DraftPart[]): void {
    if (parts.length === 0) return;
    const last = this.contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else this.contents.push({ role, parts: [...parts] });
  }
}

/**
 * Function responses answer the model content just before them, one part per call in call order,
 * ahead of any other part of their user content (E.7, F.2); a call left unanswered is refused here,
 * as Gemini would refuse it ("the number of function response parts…").
 */
function pairFunctionResponses(contents: DraftContent[]): void {
  contents.forEach((content, index) => {
    const callIds = content.role === 'model' ? content.parts.flatMap((draft) => (draft.part.functionCall ? [draft.callId!] : [])) : [];
    const next = contents[index + 1];
    const responses = next?.role === 'user' ? next.parts.filter((draft) => draft.part.functionResponse) : [];
    const answered = new Set(responses.map((draft) => draft.callId));
    const missing = callIds.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      throw invalidRequest(`Tool calls ${missing.join(', ')} have no tool message answering them before the next user or assistant message; Gemini requires every function call to be answered.`, 'messages');
    }
    const stray = responses.find((draft) => !callIds.includes(draft.callId!));
    if (stray) throw invalidRequest(`A tool message answers '${stray.callId}', which is not a call of the assistant message just before it.`, 'messages');
    if (next && responses.length > 0) {
      const ordered = [...responses].sort((left, right) => callIds.indexOf(left.callId!) - callIds.indexOf(right.callId!));
      next.parts = [...ordered, ...next.parts.filter((draft) => !draft.part.functionResponse)];
    }
  });
}

/**
 * PROTOCOLS F.1–F.3, F.6: system and developer messages (wherever they stand) become
 * `systemInstruction`, one text part per block in order (Claude Code's blocks stay apart); users and tools `user` contents, assistants `model`
 * contents; `name` on messages has no Gemini field and is dropped. Signatures go back only when
 * `issuer` (this model on this endpoint) minted them (E.7); on models that validate signatures, a current-turn step without
 * one gets the documented placeholder.
 */
export function convertToGoogleContents(messages: readonly ChatMessage[], names: FunctionNameMap, traits: GoogleModelTraits, issuer: string): GoogleConversation {
  const builder = new ContentsBuilder(names, traits, issuer);
  messages.forEach((message, index) => builder.add(message, `messages[${index}]`));
  if (builder.contents.length === 0) {
    if (builder.system.length === 0) throw invalidRequest('The messages contain no text, image or tool content to send.', 'messages');
    // Instructions alone (OpenAI answers them): Gemini needs a user turn, so the instructions are it.
    return { contents: [{ role: 'user', parts: builder.system.map((text) => ({ text })) }] };
  }
  pairFunctionResponses(builder.contents);
  const contents: GoogleContent[] = builder.contents.map((content) => ({ role: content.role, parts: content.parts.map((draft) => draft.part) }));
  if (traits.validatesSignatures) placeSkipSignatures(contents);
  return { contents, ...(builder.system.length > 0 ? { systemInstruction: { parts: builder.system.map((text) => ({ text })) } } : {}) };
}
