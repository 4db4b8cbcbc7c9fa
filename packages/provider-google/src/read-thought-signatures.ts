import type { AssistantMessage, FunctionToolCall, ReasoningDetail } from '@modelgate/core';
import { parseToolCallId } from './google-tool-call-ids.js';

/** The `format` of the reasoning details this provider writes (OpenRouter's name for Gemini's). */
export const GOOGLE_REASONING_FORMAT = 'google-gemini-v1';

/** The vendors' keys under `extra_content` that carry a Gemini signature: Google's, and the reported Vertex variant. */
const EXTRA_CONTENT_VENDORS = ['google', 'vertex'] as const;

function stringAt(record: unknown, key: string): string | undefined {
  const value = (record as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An encrypted detail that may hold a Gemini signature: no format, or Gemini's (never another vendor's, E.7). */
function isGeminiEncrypted(detail: ReasoningDetail): detail is Extract<ReasoningDetail, { type: 'reasoning.encrypted' }> {
  const format = detail.format ?? undefined;
  return detail.type === 'reasoning.encrypted' && typeof detail.data === 'string' && (format === undefined || format === 'unknown' || format === GOOGLE_REASONING_FORMAT);
}

function detailNamesCall(detail: ReasoningDetail, callId: string): boolean {
  return detail.id === callId || detail.id === `tool_call_${callId}`;
}

/**
 * The signature a client carried back for one tool call (PROTOCOLS F.3 "Accept on input"), first
 * match winning: `extra_content.google` (or `.vertex`) `.thought_signature`;
 * `provider_specific_fields.thought_signature` (LiteLLM); a `reasoning_details` entry naming the
 * call (OpenRouter, Bifrost's `tool_call_<id>`); a `__thought__` suffix on the id (LiteLLM).
 */
export function readCallSignature(call: FunctionToolCall, message: AssistantMessage): string | undefined {
  for (const vendor of EXTRA_CONTENT_VENDORS) {
    const signature = stringAt(call.extra_content?.[vendor], 'thought_signature');
    if (signature) return signature;
  }
  const litellm = stringAt((call as { provider_specific_fields?: unknown }).provider_specific_fields, 'thought_signature');
  if (litellm) return litellm;
  const { id, signature } = parseToolCallId(call.id);
  const detail = (message.reasoning_details ?? []).find((entry) => isGeminiEncrypted(entry) && detailNamesCall(entry, id));
  if (detail?.type === 'reasoning.encrypted') return detail.data;
  return signature;
}

/**
 * Signatures that belong to no tool call: the one Gemini puts on the last part of an answer
 * without calls, or on a part of its own beside the calls (E.7). They come back as Gemini
 * `reasoning.encrypted` details that name no call of the message, in order.
 */
export function readMessageSignatures(message: AssistantMessage): string[] {
  const callIds = (message.tool_calls ?? []).map((call) => parseToolCallId(call.id).id);
  return (message.reasoning_details ?? []).flatMap((detail) =>
    isGeminiEncrypted(detail) && !callIds.some((id) => detailNamesCall(detail, id)) ? [detail.data] : [],
  );
}
