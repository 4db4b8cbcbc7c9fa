import { invalidRequest, type AssistantMessage, type GooglePart } from '@modelgate/core';
import type { FunctionNameMap } from './google-function-names.js';
import { callSignatureFor, untagSignature } from './google-signature-tags.js';
import { parseToolCallId, upstreamCallId } from './google-tool-call-ids.js';
import { readCallSignature, readMessageSignatures } from './read-thought-signatures.js';

/** A part on its way into `contents`, with the client's id of the call it makes or answers. */
export interface DraftPart {
  readonly part: GooglePart;
  readonly callId?: string;
}

function parseArguments(text: string, path: string): Record<string, unknown> {
  let parsed: unknown = {};
  try {
    if (text.trim() !== '') parsed = JSON.parse(text);
  } catch {
    throw invalidRequest('Tool call arguments must be a JSON object encoded as a string.', path, 'invalid_value');
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  throw invalidRequest('Tool call arguments must encode a JSON object: Gemini function call args are objects.', path, 'invalid_value');
}

function assistantText(message: AssistantMessage): string {
  const pieces = typeof message.content === 'string' ? [message.content] : (message.content ?? []).map((part) => (part.type === 'text' ? part.text : part.refusal));
  if (typeof message.refusal === 'string') pieces.push(message.refusal);
  return pieces.join('');
}

/**
 * An assistant message as the parts of a `model` content (PROTOCOLS F.3, E.7): its text, then one
 * `functionCall` part per tool call (arguments parsed into `args`, the name as Gemini knows it, the
 * id only for models that issue ids and never one the gateway minted) with the signature the client
 * carried back for it. Signatures that belong to no call go back where Gemini put them: on the last
 * part of an answer without calls, else on an empty text part before the calls. Signatures another
 * model or endpoint issued (their tag names another `issuer`, E.7) never reach Google: a call gets
 * Google's placeholder, a signature of no call is left out (Gemini validates only calls' signatures).
 */
export function convertToGoogleModelParts(message: AssistantMessage, path: string, names: FunctionNameMap, issuesCallIds: boolean, issuer: string): DraftPart[] {
  const text = assistantText(message);
  const loose = readMessageSignatures(message).flatMap((sent) => untagSignature(sent, issuer).signature ?? []);
  const calls = message.tool_calls ?? [];
  const parts: DraftPart[] = [];
  if (calls.length === 0) {
    const last = loose.pop();
    for (const signature of loose) parts.push({ part: { text: '', thoughtSignature: signature } });
    if (text !== '' || last !== undefined) parts.push({ part: { text, ...(last ? { thoughtSignature: last } : {}) } });
    return parts;
  }
  if (text !== '') parts.push({ part: { text } });
  for (const signature of loose) parts.push({ part: { text: '', thoughtSignature: signature } });
  calls.forEach((call, index) => {
    const id = upstreamCallId(call.id, issuesCallIds);
    const signature = callSignatureFor(readCallSignature(call, message), issuer);
    const functionCall = {
      ...(id ? { id } : {}),
      name: names.toGoogle(call.function.name),
      args: parseArguments(call.function.arguments, `${path}.tool_calls[${index}].function.arguments`),
    };
    parts.push({ part: { functionCall, ...(signature ? { thoughtSignature: signature } : {}) }, callId: parseToolCallId(call.id).id });
  });
  return parts;
}
