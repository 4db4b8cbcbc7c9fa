import {
  formatSseEvent,
  upstreamProtocolError,
  type AnthropicContentBlock,
  type AnthropicStopReason,
  type AnthropicStreamEvent,
  type ChatCompletionChunk,
  type ChatCompletionDelta,
  type CompletionUsage,
  type ReasoningDetail,
  type ToolCallDelta,
} from '@modelgate/core';
import { anthropicUsageFromCompletion } from '../anthropic-usage.js';
import { stopReasonOf } from './chat-to-messages-parts.js';
import { encodeCarrier, type CarriedReasoning, type ThinkingDisplay } from '../../shared/reasoning-carrier.js';

/** The content block being streamed: its index, and for thinking what its signature will carry. */
type OpenBlock =
  | { readonly kind: 'text'; readonly index: number }
  | { readonly kind: 'tool'; readonly index: number }
  | { readonly kind: 'thinking'; readonly index: number; text: string; readonly details: ReasoningDetail[] };

function event(payload: AnthropicStreamEvent): string {
  return formatSseEvent(payload.type, JSON.stringify(payload));
}

/**
 * Turns the hub's stream chunks into Anthropic's events (PROTOCOLS D.5, and F.11 read backwards),
 * one writer per stream: `message_start` and a `ping` first; reasoning as a `thinking` block whose
 * `signature_delta` carries what the next turn needs; text; each tool call as a `tool_use` block
 * with `input_json_delta`s (ids as the model gave them, one block index space); a call's vendor
 * data in a `redacted_thinking` block before it; and at the end `message_delta` with the stop
 * reason and the whole usage (cache reads and writes included), then `message_stop`.
 */
export class MessagesEventWriter {
  private started = false;
  private nextIndex = 0;
  private open: OpenBlock | undefined;
  private readonly toolBlocks = new Map<number, number>();
  private stopReason: AnthropicStopReason = 'end_turn';
  /** Opaque details that came after text: written before the next tool call, or left out (see reasoningDetail). */
  private heldDetails: ReasoningDetail[] = [];
  private wroteText = false;
  private usage: CompletionUsage | undefined;
  /** With thinking off: each call's vendor data, written after the last `tool_use` block. */
  private readonly heldCalls: CarriedReasoning[] = [];

  constructor(
    private readonly messageId: string,
    private readonly model: string,
    private readonly display: ThinkingDisplay,
    /** At most this many tool calls are answered (`disable_parallel_tool_use`: one); later ones are skipped. */
    private readonly maxToolCalls = Infinity,
    /** The gateway's estimate of the prompt, for `message_start` when the first chunk brings no usage. */
    private readonly estimatedInputTokens = 0,
  ) {}

  /** The events for one chunk, as SSE text ('' when it brings nothing new). */
  write(chunk: ChatCompletionChunk): string {
    if (chunk.usage) this.usage = chunk.usage;
    let out = this.start();
    const choice = chunk.choices.find((candidate) => candidate.index === 0);
    if (!choice) return out;
    out += this.writeDelta(choice.delta);
    if (choice.finish_reason) this.stopReason = stopReasonOf(choice.finish_reason);
    return out;
  }

  /** The closing events: the open block's stop, `message_delta` with the stop reason and usage, `message_stop`. */
  finish(): string {
    const usage = anthropicUsageFromCompletion(this.usage);
    return (
      this.start() +
      this.closeOpen() +
      this.carriedAfterCalls() +
      event({ type: 'message_delta', delta: { stop_reason: this.stopReason, stop_sequence: null }, usage }) +
      event({ type: 'message_stop' })
    );
  }

  private start(): string {
    if (this.started) return '';
    this.started = true;
    // Anthropic puts the prompt's counts here, and consumers read input from it: the upstream's when
    // its first chunk has them (Gemini's does), else the gateway's estimate; `message_delta` is exact.
    const usage = this.usage ? { ...anthropicUsageFromCompletion(this.usage), output_tokens: 0 } : { input_tokens: this.estimatedInputTokens, output_tokens: 0 };
    const message = { id: this.messageId, type: 'message' as const, role: 'assistant' as const, model: this.model, content: [], stop_reason: null, stop_sequence: null, usage };
    return event({ type: 'message_start', message }) + event({ type: 'ping' });
  }

  private writeDelta(delta: ChatCompletionDelta): string {
    let out = '';
    if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') out += this.thinking(delta.reasoning_content);
    for (const detail of delta.reasoning_details ?? []) out += this.reasoningDetail(detail, typeof delta.reasoning_content === 'string');
    const text = (delta.content ?? '') + (delta.refusal ?? '');
    if (text !== '') out += this.text(text);
    for (const call of delta.tool_calls ?? []) out += this.toolCall(call);
    return out;
  }

  /**
   * With thinking off, what the next turn needs, after the last `tool_use` (no thinking block opens
   * the answer); an answer without calls needs none of it (PROTOCOLS F.3).
   */
  private carriedAfterCalls(): string {
    if (this.display !== 'off' || this.toolBlocks.size === 0) return '';
    let out = this.heldDetails.length > 0 ? this.block({ type: 'redacted_thinking', data: encodeCarrier({ details: this.heldDetails.splice(0) }) }) : '';
    for (const carried of this.heldCalls.splice(0)) out += this.block({ type: 'redacted_thinking', data: encodeCarrier(carried) });
    return out;
  }

  private reasoningDetail(detail: ReasoningDetail, textAlreadySent: boolean): string {
    if (this.display === 'off') {
      if (detail.type !== 'reasoning.summary') this.heldDetails.push(detail);
      return '';
    }
    if (detail.type === 'reasoning.text') {
      const out = textAlreadySent || !detail.text ? this.openThinking() : this.thinking(detail.text);
      if (this.open?.kind === 'thinking' && detail.signature) this.open.details.push({ ...detail, text: '' });
      return out;
    }
    if (detail.type === 'reasoning.summary') return this.thinking(detail.summary);
    // After text, a thinking block would end the answer, where clients (Claude Code) take the last
    // block for the answer. Held for a tool call that may follow; an answer's closing signature
    // (Gemini's, on its last part) is not checked by the vendor when no call follows (PROTOCOLS F.3).
    if (this.wroteText) {
      this.heldDetails.push(detail);
      return '';
    }
    return this.closeOpen() + this.block({ type: 'redacted_thinking', data: encodeCarrier({ details: [detail] }) });
  }

  private openThinking(): string {
    if (this.open?.kind === 'thinking') return '';
    const out = this.closeOpen();
    this.open = { kind: 'thinking', index: this.nextIndex++, text: '', details: [] };
    return out + event({ type: 'content_block_start', index: this.open.index, content_block: { type: 'thinking', thinking: '', signature: '' } });
  }

  private thinking(text: string): string {
    if (this.display === 'off') return '';
    const out = this.openThinking();
    const open = this.open as Extract<OpenBlock, { kind: 'thinking' }>;
    open.text += text;
    if (this.display !== 'shown') return out;
    return out + event({ type: 'content_block_delta', index: open.index, delta: { type: 'thinking_delta', thinking: text } });
  }

  private text(text: string): string {
    let out = '';
    this.wroteText = true;
    if (this.open?.kind !== 'text') {
      out += this.closeOpen();
      this.open = { kind: 'text', index: this.nextIndex++ };
      out += event({ type: 'content_block_start', index: this.open.index, content_block: { type: 'text', text: '' } });
    }
    return out + event({ type: 'content_block_delta', index: this.open.index, delta: { type: 'text_delta', text } });
  }

  private toolCall(call: ToolCallDelta): string {
    let out = '';
    let index = this.toolBlocks.get(call.index);
    if (index === undefined && this.toolBlocks.size >= this.maxToolCalls) return '';
    if (index === undefined) {
      if (call.id === undefined || call.function?.name === undefined) throw upstreamProtocolError('The upstream streamed tool call arguments before the call (its id and name).');
      out += this.closeOpen() + this.carriedBeforeCall(call.id, call.extra_content);
      index = this.nextIndex++;
      this.toolBlocks.set(call.index, index);
      this.open = { kind: 'tool', index };
      out += event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.function.name, input: {} } });
    } else if (this.open?.index !== index) {
      throw upstreamProtocolError('The upstream interleaved the arguments of two tool calls, which an Anthropic stream cannot carry.');
    }
    const fragment = call.function?.arguments;
    if (fragment) out += event({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: fragment } });
    return out;
  }

  /** What the next turn needs before a call: held details, the call's vendor data (held to the end with thinking off). */
  private carriedBeforeCall(id: string, extraContent: ToolCallDelta['extra_content']): string {
    const call = extraContent ? { id, extraContent } : undefined;
    if (this.display === 'off') {
      if (call) this.heldCalls.push({ call });
      return '';
    }
    let out = this.heldDetails.length > 0 ? this.block({ type: 'redacted_thinking', data: encodeCarrier({ details: this.heldDetails.splice(0) }) }) : '';
    if (call) out += this.block({ type: 'redacted_thinking', data: encodeCarrier({ call }) });
    return out;
  }

  /** A block whose content is known whole: started and stopped at once. */
  private block(block: AnthropicContentBlock): string {
    const index = this.nextIndex++;
    return event({ type: 'content_block_start', index, content_block: block }) + event({ type: 'content_block_stop', index });
  }

  private closeOpen(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    let out = '';
    if (open.kind === 'thinking') {
      const details = open.details.length > 0 ? open.details.map((detail) => (detail.type === 'reasoning.text' ? { ...detail, text: open.text } : detail)) : undefined;
      const signature = encodeCarrier({ ...(details && { details }), ...(this.display !== 'shown' && { text: open.text }) });
      out += event({ type: 'content_block_delta', index: open.index, delta: { type: 'signature_delta', signature } });
    }
    return out + event({ type: 'content_block_stop', index: open.index });
  }
}
