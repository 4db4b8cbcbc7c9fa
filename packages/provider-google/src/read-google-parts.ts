import type { FunctionToolCall, ReasoningEncryptedDetail, GooglePart } from '@modelgate/core';
import type { FunctionNameMap } from './google-function-names.js';
import { mintToolCallId } from './google-tool-call-ids.js';
import { tagSignature } from './google-signature-tags.js';
import { GOOGLE_REASONING_FORMAT } from './read-thought-signatures.js';

/** What one Gemini part means for a chat client, shared by whole answers and streams. */
export type GooglePiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'reasoning'; readonly text: string }
  /** The call's own signature, if any, is already on it as `extra_content.google.thought_signature`. */
  | { readonly kind: 'tool-call'; readonly call: FunctionToolCall }
  /** A generated image (image models), as OpenRouter's `images` entry: a data URL. */
  | { readonly kind: 'image'; readonly image: GeneratedImage }
  /** A signature on a part that is no call (the last part of an answer, or a thought or empty part, E.7). */
  | { readonly kind: 'signature'; readonly signature: string };

/** One entry of `message.images` / `delta.images`, the shape OpenRouter returns generated images in. */
export interface GeneratedImage {
  readonly type: 'image_url';
  readonly image_url: { readonly url: string };
}

/** A signature that belongs to no call, as the hub's reasoning detail the client sends back. */
export function signatureDetail(signature: string, index: number): ReasoningEncryptedDetail {
  return { type: 'reasoning.encrypted', data: signature, format: GOOGLE_REASONING_FORMAT, index };
}

function toolCall(part: GooglePart, call: NonNullable<GooglePart['functionCall']>, names: FunctionNameMap, issuer: string): FunctionToolCall {
  const signature = part.thoughtSignature ? tagSignature(part.thoughtSignature, issuer) : undefined;
  return {
    // Gemini 3 always names its calls; for a model that does not, the gateway mints an id (F.3).
    id: typeof call.id === 'string' && call.id !== '' ? call.id : mintToolCallId(),
    type: 'function',
    function: { name: names.fromGoogle(call.name), arguments: JSON.stringify(call.args ?? {}) },
    ...(signature ? { extra_content: { google: { thought_signature: signature } } } : {}),
  };
}

/**
 * One part as pieces (PROTOCOLS F.11): text, thought text (`thought: true`), a whole function call
 * (Gemini sends each call complete, args included), a generated image (`inlineData`), and the signature of a part that is no call,
 * kept even when its text is empty. Signatures are tagged with `issuer`, the model the request went to. Code-execution and other hosted-tool parts carry nothing a
 * chat client can use.
 */
export function readGooglePart(part: GooglePart, names: FunctionNameMap, issuer: string): GooglePiece[] {
  if (part.functionCall) return [{ kind: 'tool-call', call: toolCall(part, part.functionCall, names, issuer) }];
  const pieces: GooglePiece[] = [];
  if (typeof part.text === 'string' && part.text !== '') pieces.push({ kind: part.thought === true ? 'reasoning' : 'text', text: part.text });
  // Interim images of the model's thinking (`thought: true`) are not the answer.
  const inline = part.inlineData;
  if (inline && part.thought !== true && typeof inline.data === 'string' && typeof inline.mimeType === 'string') {
    pieces.push({ kind: 'image', image: { type: 'image_url', image_url: { url: `data:${inline.mimeType};base64,${inline.data}` } } });
  }
  if (typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '') pieces.push({ kind: 'signature', signature: tagSignature(part.thoughtSignature, issuer) });
  return pieces;
}

/** Every part of a candidate; `content` and `parts` are optional on the wire and read with guards (F.14). */
export function candidateParts(candidate: { content?: { parts?: unknown } } | undefined): GooglePart[] {
  const parts = candidate?.content?.parts;
  return Array.isArray(parts) ? parts.filter((part): part is GooglePart => typeof part === 'object' && part !== null) : [];
}
