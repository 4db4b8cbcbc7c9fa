import {
  type ChatCompletionResponse,
  type CompletionUsage,
  type ExtraContent,
  type FinishReason,
  type FunctionToolCall,
  type GooglePart,
  type GoogleUsageMetadata,
  type ReasoningDetail,
} from '@modelgate/core';
import { toolInputOf } from '../../messages/bridge/chat-to-messages-parts.js';
import { encodeCarrier } from '../../shared/reasoning-carrier.js';

/** The hub's finish reason as Gemini's (PROTOCOLS E.3 read backwards): a turn that calls functions ends `STOP`, as Gemini's do. */
export function finishReasonOf(finish: FinishReason | null | undefined): string {
  switch (finish) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'STOP';
  }
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The hub's usage as `usageMetadata` (F.8 read backwards): reasoning tokens are Gemini's
 * `thoughtsTokenCount`, apart from `candidatesTokenCount`; cached prompt tokens are
 * `cachedContentTokenCount`, a part of `promptTokenCount`. Zero counts are left out, as Google does.
 */
export function usageMetadataOf(usage: CompletionUsage | undefined): GoogleUsageMetadata {
  const prompt = count(usage?.prompt_tokens);
  const completion = count(usage?.completion_tokens);
  // Reasoning is a part of the completion: a vendor that reports more is read as all reasoning.
  const thoughts = Math.min(completion, count(usage?.completion_tokens_details?.reasoning_tokens));
  const candidates = completion - thoughts;
  const cached = count(usage?.prompt_tokens_details?.cached_tokens);
  return {
    promptTokenCount: prompt,
    ...(candidates > 0 && { candidatesTokenCount: candidates }),
    ...(thoughts > 0 && { thoughtsTokenCount: thoughts }),
    ...(cached > 0 && { cachedContentTokenCount: cached }),
    totalTokenCount: prompt + candidates + thoughts,
  };
}

/**
 * Function calls as Gemini parts, each with its id and its arguments object. What the next turn
 * needs back goes in the `thoughtSignature` every Gemini client returns on the part it came on
 * (E.7): the turn's reasoning details on the first call, each call's vendor data on its own, in the
 * gateway's carrier, which no Gemini model is ever sent (gemini-foreign-signatures).
 */
export function functionCallParts(calls: readonly FunctionToolCall[], details: readonly ReasoningDetail[]): GooglePart[] {
  return calls.map((call, index) => {
    const extraContent: ExtraContent | undefined = call.extra_content;
    const carried = { ...(index === 0 && details.length > 0 && { details }), ...(extraContent && { call: { id: call.id, extraContent } }) };
    const part: GooglePart = { functionCall: { id: call.id, name: call.function.name, args: toolInputOf(call.function.arguments, call.id) } };
    if (Object.keys(carried).length > 0) part.thoughtSignature = encodeCarrier(carried);
    return part;
  });
}

/** A whole chat completion's message as Gemini parts: the thought summary (when asked for), the text, the calls; details without calls ride on the last part. */
export function messageParts(message: ChatCompletionResponse['choices'][number]['message'], includeThoughts: boolean): GooglePart[] {
  const details = message.reasoning_details ?? [];
  const parts: GooglePart[] = [];
  if (includeThoughts && message.reasoning_content) parts.push({ text: message.reasoning_content, thought: true });
  const text = (message.content ?? '') + (message.refusal ?? '');
  if (text !== '') parts.push({ text });
  const calls = message.tool_calls ?? [];
  if (calls.length > 0) return [...parts, ...functionCallParts(calls, details)];
  if (details.length > 0) {
    const last = parts.at(-1);
    if (last && last.thought !== true) last.thoughtSignature = encodeCarrier({ details });
    else parts.push({ text: '', thoughtSignature: encodeCarrier({ details }) });
  }
  return parts;
}
