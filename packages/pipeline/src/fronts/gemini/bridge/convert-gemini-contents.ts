import {
  invalidRequest,
  type ChatMessage,
  type ExtraContent,
  type FunctionToolCall,
  type GoogleContent,
  type GooglePart,
  type ReasoningDetail,
  type ToolMessage,
  type UserContentPart,
} from '@modelgate/core';
import { decodeCarrier } from '../../shared/reasoning-carrier.js';

/** Audio formats the hub's `input_audio` takes. */
const AUDIO_FORMATS: Readonly<Record<string, 'wav' | 'mp3'>> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

function unsupportedPart(what: string, target: string): never {
  throw invalidRequest(`${what} cannot be sent to ${target}, which the gateway serves over the Gemini API through OpenAI Chat. Remove it, or use a Gemini model.`, 'contents', 'unsupported_content');
}

/**
 * A user part as the hub's: text; an inline image, PDF or audio as data (`inlineData`); a file by
 * URL (`fileData`) only when it is an image on http(s), which the other family fetches itself.
 * Google's Files API (`generativelanguage.googleapis.com/…/files/…`) and `gs://` URIs mean nothing
 * to another vendor: refused, naming the part.
 */
function userPartOf(part: GooglePart, target: string): UserContentPart | undefined {
  if (typeof part.text === 'string') return part.thought === true ? undefined : { type: 'text', text: part.text };
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    const dataUrl = `data:${mimeType};base64,${data}`;
    if (mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url: dataUrl } };
    if (mimeType === 'application/pdf') return { type: 'file', file: { file_data: dataUrl, filename: 'document.pdf' } };
    const format = AUDIO_FORMATS[mimeType];
    if (format) return { type: 'input_audio', input_audio: { data, format } };
    return unsupportedPart(`inlineData of type '${mimeType.slice(0, 100)}'`, target);
  }
  if (part.fileData) {
    const { fileUri, mimeType } = part.fileData;
    const fetchable = /^https?:\/\//i.test(fileUri) && !/generativelanguage\.googleapis\.com/i.test(fileUri);
    if (fetchable && (mimeType === undefined || mimeType.startsWith('image/'))) return { type: 'image_url', image_url: { url: fileUri } };
    return unsupportedPart(`fileData '${fileUri.slice(0, 200)}' (a Gemini Files API or Cloud Storage file, or not an image)`, target);
  }
  if (part.functionCall || part.functionResponse) return undefined;
  const fields = Object.keys(part).filter((key) => key !== 'thoughtSignature').map((key) => key.slice(0, 64));
  return unsupportedPart(`A part with ${fields.slice(0, 5).join(', ') || 'no data'}`, target);
}

/** A function response as the tool message's text: its `response` object, as JSON. */
function toolResultText(part: NonNullable<GooglePart['functionResponse']>): string {
  return JSON.stringify(part.response ?? {});
}

/** The reasoning and call data the gateway carried in `thoughtSignature`s of a model turn (a real Gemini signature means nothing to another family). */
function carriedOf(parts: readonly GooglePart[]): { details: ReasoningDetail[]; extra: Map<string, ExtraContent> } {
  const details: ReasoningDetail[] = [];
  const extra = new Map<string, ExtraContent>();
  for (const part of parts) {
    const carried = decodeCarrier(part.thoughtSignature);
    if (!carried) continue;
    details.push(...(carried.details ?? []));
    if (carried.call) extra.set(carried.call.id, carried.call.extraContent);
  }
  return { details, extra };
}

/**
 * Gemini `contents` as hub messages (PROTOCOLS E.2 read backwards): `model` turns as assistant
 * messages (text, function calls with their ids, the gateway's carriers back in `reasoning_details`
 * and `extra_content`; thought summaries are not sent back), `user` turns as tool messages (one per
 * function response, first) and a user message (text, images, documents, audio). A call without an
 * id (Gemini 2 history) gets one, and a response without an id answers the oldest open call of its name.
 */
export function convertGeminiContents(contents: readonly GoogleContent[], target: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let openCalls: Array<{ id: string; name: string }> = [];
  contents.forEach((content, turn) => {
    const parts = content.parts ?? [];
    if (content.role === 'model') {
      const { details, extra } = carriedOf(parts);
      const text = parts.filter((part) => typeof part.text === 'string' && part.thought !== true).map((part) => part.text).join('');
      const calls: FunctionToolCall[] = parts
        .filter((part) => part.functionCall)
        .map((part, index) => {
          const call = part.functionCall!;
          const id = call.id ?? `call_${turn}_${index}`;
          return { id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) }, ...(extra.has(id) && { extra_content: extra.get(id)! }) };
        });
      openCalls = calls.map((call) => ({ id: call.id, name: call.function.name }));
      messages.push({ role: 'assistant', content: text === '' ? null : text, ...(calls.length > 0 && { tool_calls: calls }), ...(details.length > 0 && { reasoning_details: details }) });
      return;
    }
    const tools: ToolMessage[] = [];
    const user: UserContentPart[] = [];
    for (const part of parts) {
      if (part.functionResponse) {
        const response = part.functionResponse;
        const open = response.id !== undefined ? openCalls.findIndex((call) => call.id === response.id) : openCalls.findIndex((call) => call.name === response.name);
        const id = response.id ?? (open >= 0 ? openCalls[open]!.id : `call_${turn}_${tools.length}`);
        if (open >= 0) openCalls.splice(open, 1);
        tools.push({ role: 'tool', tool_call_id: id, content: toolResultText(response) });
        continue;
      }
      const converted = userPartOf(part, target);
      if (converted) user.push(converted);
    }
    messages.push(...tools);
    const only = user.length === 1 ? user[0] : undefined;
    if (user.length > 0) messages.push({ role: 'user', content: only?.type === 'text' ? only.text : user });
  });
  return messages;
}
