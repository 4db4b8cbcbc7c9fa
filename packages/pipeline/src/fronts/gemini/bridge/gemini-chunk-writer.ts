import type { ChatCompletionChunk, CompletionUsage, ExtraContent, FinishReason, FunctionToolCall, GooglePart, ReasoningDetail } from '@modelgate/core';
import { encodeCarrier } from '../../shared/reasoning-carrier.js';
import type { GeminiStreamFraming } from '../gemini-stream-framing.js';
import { finishReasonOf, functionCallParts, usageMetadataOf } from './chat-to-gemini-parts.js';

interface HeldCall {
  id: string;
  name: string;
  arguments: string;
  extraContent?: ExtraContent;
}

/** Reasoning detail pieces of a stream joined by their index: text appended, the signature or data kept. */
function mergeDetail(details: ReasoningDetail[], piece: ReasoningDetail): void {
  const position = piece.index ?? details.length;
  const held = details[position];
  if (!held) details[position] = { ...piece };
  else if (held.type === 'reasoning.text' && piece.type === 'reasoning.text') details[position] = { ...held, text: held.text + piece.text, signature: piece.signature ?? held.signature };
  else if (held.type === 'reasoning.encrypted' && piece.type === 'reasoning.encrypted') details[position] = { ...held, data: held.data + piece.data };
  else details[position] = { ...piece };
}

/**
 * Hub chunks as a Gemini stream (PROTOCOLS E.4): text and (when asked for) thought summaries as they
 * come, one response each; function calls held until their arguments are whole (Gemini sends a
 * call in one piece), then sent with the finish reason and the usage in the last response.
 */
export class GeminiChunkWriter {
  private readonly calls: HeldCall[] = [];
  private readonly details: ReasoningDetail[] = [];
  private finish: FinishReason | null = null;
  private usage: CompletionUsage | undefined;

  constructor(
    private readonly framing: GeminiStreamFraming,
    private readonly model: string,
    private readonly responseId: string,
    private readonly includeThoughts: boolean,
  ) {}

  write(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return '';
    const delta = choice.delta;
    if (choice.finish_reason) this.finish = choice.finish_reason;
    for (const detail of delta.reasoning_details ?? []) mergeDetail(this.details, detail);
    for (const call of delta.tool_calls ?? []) {
      const held = (this.calls[call.index] ??= { id: call.id ?? `call_${call.index}`, name: '', arguments: '' });
      if (call.function?.name) held.name += call.function.name;
      if (call.function?.arguments) held.arguments += call.function.arguments;
      if (call.extra_content) held.extraContent = call.extra_content;
    }
    const parts: GooglePart[] = [];
    if (this.includeThoughts && typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') parts.push({ text: delta.reasoning_content, thought: true });
    const text = (delta.content ?? '') + (delta.refusal ?? '');
    if (text !== '') parts.push({ text });
    return parts.length > 0 ? this.response(parts) : '';
  }

  /** The last response: the held calls (or the carried reasoning), the finish reason and the usage. */
  finishStream(): string {
    const calls: FunctionToolCall[] = this.calls.filter(Boolean).map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
      ...(call.extraContent && { extra_content: call.extraContent }),
    }));
    const details = this.details.filter(Boolean);
    const parts = calls.length > 0 ? functionCallParts(calls, details) : details.length > 0 ? [{ text: '', thoughtSignature: encodeCarrier({ details }) }] : [{ text: '' }];
    return this.response(parts, { finishReason: finishReasonOf(this.finish), usageMetadata: usageMetadataOf(this.usage) }) + this.framing.end();
  }

  private response(parts: GooglePart[], last?: { finishReason: string; usageMetadata: object }): string {
    const candidate = { content: { role: 'model', parts }, ...(last && { finishReason: last.finishReason }), index: 0 };
    return this.framing.element(JSON.stringify({ candidates: [candidate], ...(last && { usageMetadata: last.usageMetadata }), modelVersion: this.model, responseId: this.responseId }));
  }
}
