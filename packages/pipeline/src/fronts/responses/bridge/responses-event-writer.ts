import {
  formatSseEvent,
  upstreamProtocolError,
  type ChatCompletionChunk,
  type ChatCompletionDelta,
  type CompletionUsage,
  type FinishReason,
  type GatewayError,
  type ReasoningDetail,
  type ToolCallDelta,
} from '@modelgate/core';
import { compactionItem } from './responses-compaction.js';
import { callItem, customInputOf, messageItem, mintItemId, reasoningItem, responseObject, statusOf, type BridgedAnswerContext, type OutputItem } from './responses-output-items.js';

/** The output item being streamed, with what its closing events need. */
type OpenItem =
  | { readonly kind: 'reasoning'; readonly id: string; readonly index: number; text: string; readonly details: ReasoningDetail[]; partOpen: boolean }
  | { readonly kind: 'message'; readonly id: string; readonly index: number; text: string }
  | { readonly kind: 'call'; readonly id: string; readonly index: number; readonly toolIndex: number; readonly callId: string; readonly name: string; readonly custom: boolean; args: string };

/**
 * Turns the hub's stream chunks into the Responses API's events (PROTOCOLS B.3, F.13), one writer
 * per stream: `response.created` and `response.in_progress`; reasoning as a reasoning item (summary
 * events when summaries were asked for; `encrypted_content` on its `output_item.done`); text as a
 * message item with one `output_text` part; each tool call as a `function_call` item with argument
 * deltas (a custom tool's call as a `custom_tool_call`, its input sent whole at its end); and
 * `response.completed` or `response.incomplete` with every item and the usage. Each item is closed
 * before the next opens, and every event numbered in order from 0.
 */
export class ResponsesEventWriter {
  private sequence = 0;
  private started = false;
  private open: OpenItem | undefined;
  private readonly output: OutputItem[] = [];
  private readonly callIndexes = new Set<number>();
  private finish: FinishReason | null = null;
  private usage: CompletionUsage | undefined;
  /** In a compaction, the summary the model writes: kept back, and sent as the one compaction item at the end. */
  private summary = '';

  constructor(
    private readonly context: BridgedAnswerContext,
    private readonly compaction = false,
  ) {}

  /** The events for one chunk, as SSE text ('' when it brings nothing new). */
  write(chunk: ChatCompletionChunk): string {
    let out = this.start();
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices.find((candidate) => candidate.index === 0);
    if (!choice) return out;
    if (this.compaction) this.summary += choice.delta.content ?? '';
    else out += this.writeDelta(choice.delta);
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  /** The closing events: the open item's, then `response.completed` (or `response.incomplete`) with every item and the usage. */
  end(): string {
    if (this.compaction) {
      const out = this.start() + this.whole(compactionItem(this.context, this.summary));
      return out + this.event('response.completed', { response: responseObject(this.context, { status: 'completed', output: this.output, usage: this.usage }) });
    }
    const out = this.start() + this.closeOpen();
    const { status, incomplete_details } = statusOf(this.finish);
    const response = responseObject(this.context, { status, incomplete_details, output: this.output, usage: this.usage });
    return out + this.event(`response.${status}`, { response });
  }

  /** The Responses API's own `error` event, numbered after the last, for a failure once the answer started. */
  failure(error: GatewayError): string {
    return this.event('error', { code: error.code, message: error.message, param: error.param });
  }

  private event(type: string, payload: Record<string, unknown>): string {
    return formatSseEvent(type, JSON.stringify({ type, sequence_number: this.sequence++, ...payload }));
  }

  private start(): string {
    if (this.started) return '';
    this.started = true;
    const response = responseObject(this.context, { status: 'in_progress', output: [] });
    return this.event('response.created', { response }) + this.event('response.in_progress', { response });
  }

  private writeDelta(delta: ChatCompletionDelta): string {
    let out = '';
    const reasoningText = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : '';
    if (reasoningText !== '') out += this.reasoning(reasoningText);
    for (const detail of delta.reasoning_details ?? []) out += this.reasoningDetail(detail, reasoningText !== '');
    const text = (delta.content ?? '') + (delta.refusal ?? '');
    if (text !== '') out += this.text(text);
    for (const call of delta.tool_calls ?? []) out += this.toolCall(call);
    return out;
  }

  private reasoningDetail(detail: ReasoningDetail, textAlreadySent: boolean): string {
    if (detail.type === 'reasoning.summary') return this.reasoning(detail.summary);
    const out = detail.type === 'reasoning.text' && !textAlreadySent && detail.text ? this.reasoning(detail.text) : this.openReasoning();
    const open = this.open as Extract<OpenItem, { kind: 'reasoning' }>;
    // A signed text's signature travels with the item's whole text, filled in when it closes.
    if (detail.type !== 'reasoning.text' || detail.signature) open.details.push(detail.type === 'reasoning.text' ? { ...detail, text: '' } : detail);
    return out;
  }

  private openReasoning(): string {
    if (this.open?.kind === 'reasoning') return '';
    const out = this.closeOpen();
    const id = mintItemId('rs');
    this.open = { kind: 'reasoning', id, index: this.output.length, text: '', details: [], partOpen: false };
    return out + this.event('response.output_item.added', { output_index: this.open.index, item: { id, type: 'reasoning', summary: [] } });
  }

  private reasoning(text: string): string {
    let out = this.openReasoning();
    const open = this.open as Extract<OpenItem, { kind: 'reasoning' }>;
    open.text += text;
    if (!this.context.showSummary) return out;
    if (!open.partOpen) {
      open.partOpen = true;
      out += this.event('response.reasoning_summary_part.added', { item_id: open.id, output_index: open.index, summary_index: 0, part: { type: 'summary_text', text: '' } });
    }
    return out + this.event('response.reasoning_summary_text.delta', { item_id: open.id, output_index: open.index, summary_index: 0, delta: text });
  }

  private text(text: string): string {
    let out = '';
    if (this.open?.kind !== 'message') {
      out += this.closeOpen();
      const id = mintItemId('msg');
      this.open = { kind: 'message', id, index: this.output.length, text: '' };
      out += this.event('response.output_item.added', { output_index: this.open.index, item: messageItem(id, '', 'in_progress') });
      out += this.event('response.content_part.added', { item_id: id, output_index: this.open.index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    }
    this.open.text += text;
    return out + this.event('response.output_text.delta', { item_id: this.open.id, output_index: this.open.index, content_index: 0, delta: text, logprobs: [] });
  }

  private toolCall(call: ToolCallDelta): string {
    let out = '';
    if (!this.callIndexes.has(call.index)) {
      if (call.id === undefined || call.function?.name === undefined) throw upstreamProtocolError('The upstream streamed tool call arguments before the call (its id and name).');
      this.callIndexes.add(call.index);
      out += this.closeOpen();
      if (call.extra_content && this.context.includeEncrypted) out += this.whole(reasoningItem(this.context, mintItemId('rs'), { call: { id: call.id, extraContent: call.extra_content } }));
      const custom = this.context.customToolNames.has(call.function.name);
      const id = mintItemId(custom ? 'ctc' : 'fc');
      this.open = { kind: 'call', id, index: this.output.length, toolIndex: call.index, callId: call.id, name: call.function.name, custom, args: '' };
      out += this.event('response.output_item.added', { output_index: this.open.index, item: callItem(this.context, id, call.id, call.function.name, '', 'in_progress') });
    } else if (this.open?.kind !== 'call' || this.open.toolIndex !== call.index) {
      throw upstreamProtocolError('The upstream interleaved the arguments of two tool calls, which a Responses stream cannot carry.');
    }
    const open = this.open as Extract<OpenItem, { kind: 'call' }>;
    const fragment = call.function?.arguments;
    if (!fragment) return out;
    open.args += fragment;
    // A custom tool's input is the string inside its JSON arguments: sent whole when the call ends.
    if (open.custom) return out;
    return out + this.event('response.function_call_arguments.delta', { item_id: open.id, output_index: open.index, delta: fragment });
  }

  /** An item whose content is known whole: added and done at once. */
  private whole(item: OutputItem): string {
    const index = this.output.length;
    this.output.push(item);
    return this.event('response.output_item.added', { output_index: index, item }) + this.event('response.output_item.done', { output_index: index, item });
  }

  private closeOpen(): string {
    const open = this.open;
    if (!open) return '';
    this.open = undefined;
    const at = { item_id: open.id, output_index: open.index };
    let out = '';
    let item: OutputItem;
    if (open.kind === 'reasoning') {
      if (open.partOpen) {
        const part = { type: 'summary_text', text: open.text };
        out += this.event('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: open.text });
        out += this.event('response.reasoning_summary_part.done', { ...at, summary_index: 0, part });
      }
      const details = open.details.map((detail) => (detail.type === 'reasoning.text' ? { ...detail, text: open.text } : detail));
      item = reasoningItem(this.context, open.id, { text: open.text, details });
    } else if (open.kind === 'message') {
      const part = { type: 'output_text', text: open.text, annotations: [], logprobs: [] };
      out += this.event('response.output_text.done', { ...at, content_index: 0, text: open.text, logprobs: [] });
      out += this.event('response.content_part.done', { ...at, content_index: 0, part });
      item = messageItem(open.id, open.text, 'completed');
    } else {
      if (open.custom) {
        const input = customInputOf(open.args);
        out += this.event('response.custom_tool_call_input.delta', { ...at, delta: input });
        out += this.event('response.custom_tool_call_input.done', { ...at, input });
      } else {
        out += this.event('response.function_call_arguments.done', { ...at, name: open.name, arguments: open.args || '{}' });
      }
      item = callItem(this.context, open.id, open.callId, open.name, open.args, 'completed');
    }
    this.output.push(item);
    return out + this.event('response.output_item.done', { output_index: open.index, item });
  }
}
