import {
  upstreamProtocolError,
  type ChatCompletionChunk,
  type ChatCompletionDelta,
  type CompletionUsage,
  type FinishReason,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import { bedrockStreamError } from '../bedrock-error.js';
import type { ConverseStreamEvents, ConverseUsage } from './converse-api-types.js';
import { converseChatId } from './convert-from-converse-response.js';
import { convertConverseUsage, mapConverseStopReason } from './converse-usage.js';

type EventName = keyof ConverseStreamEvents;

/**
 * PROTOCOLS J.3: ConverseStream's events (framed by AWS's event stream, turned into SSE named by
 * `:event-type` by the stream decoder) → `chat.completion.chunk`s. `messageStop` carries the stop
 * reason and `metadata`, after it, the usage; a tool call's input arrives as JSON text pieces.
 * Reasoning is tagged with the model that minted it (`format`).
 */
export class ConverseStreamTranslator implements StreamTranslatorV1 {
  private readonly id = converseChatId();
  private opened = false;
  private finish: FinishReason | undefined;
  private usage: ConverseUsage | undefined;
  /** Content block index → the hub's tool-call index, or reasoning-detail index. */
  private readonly toolIndex = new Map<number, number>();
  private readonly detailIndex = new Map<number, number>();

  constructor(
    private readonly includeUsage: boolean,
    private readonly created: number,
    private readonly model: string,
    private readonly format: string,
  ) {}

  onEvent(event: SseEvent): readonly StreamOutputV1[] {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      throw upstreamProtocolError('Bedrock Converse sent a stream event that is not valid JSON.', error);
    }
    if (event.event === 'error') {
      const { exceptionType, message } = data as { exceptionType?: string; message?: string };
      throw bedrockStreamError(exceptionType ?? 'internalServerException', message);
    }
    return this.on(event.event as EventName, data);
  }

  accountedUsage(): CompletionUsage | undefined {
    return this.usage ? convertConverseUsage(this.usage) : undefined;
  }

  onEnd(): readonly StreamOutputV1[] {
    if (this.finish === undefined) throw upstreamProtocolError('Bedrock Converse ended the stream without messageStop.');
    if (!this.includeUsage) return [];
    return [{ chunk: { ...this.base(), choices: [], usage: convertConverseUsage(this.usage) } }];
  }

  private on(name: EventName, data: unknown): StreamOutputV1[] {
    const outputs = this.open();
    if (name === 'contentBlockStart') {
      const { contentBlockIndex, start } = data as ConverseStreamEvents['contentBlockStart'];
      if (start.toolUse) {
        const index = this.toolIndex.size;
        this.toolIndex.set(contentBlockIndex, index);
        outputs.push(this.emit({ tool_calls: [{ index, id: start.toolUse.toolUseId, type: 'function', function: { name: start.toolUse.name, arguments: '' } }] }));
      }
    } else if (name === 'contentBlockDelta') {
      outputs.push(...this.onDelta(data as ConverseStreamEvents['contentBlockDelta']));
    } else if (name === 'messageStop') {
      this.finish = mapConverseStopReason((data as ConverseStreamEvents['messageStop']).stopReason);
      outputs.push(this.emit({}, this.finish));
    } else if (name === 'metadata') {
      this.usage = (data as ConverseStreamEvents['metadata']).usage;
    }
    return outputs;
  }

  private onDelta({ contentBlockIndex, delta }: ConverseStreamEvents['contentBlockDelta']): StreamOutputV1[] {
    if (delta.text !== undefined) return [this.emit({ content: delta.text })];
    if (delta.toolUse) {
      const index = this.toolIndex.get(contentBlockIndex);
      if (index === undefined) throw upstreamProtocolError('Bedrock Converse sent tool input for a block it never started.');
      return [this.emit({ tool_calls: [{ index, function: { arguments: delta.toolUse.input } }] })];
    }
    const reasoning = delta.reasoningContent;
    if (!reasoning) return [];
    let index = this.detailIndex.get(contentBlockIndex);
    if (index === undefined) this.detailIndex.set(contentBlockIndex, (index = this.detailIndex.size));
    if (reasoning.redactedContent !== undefined) return [this.emit({ reasoning_details: [{ type: 'reasoning.encrypted', data: reasoning.redactedContent, format: this.format, index }] })];
    if (reasoning.signature !== undefined) return [this.emit({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: reasoning.signature, format: this.format, index }] })];
    const text = reasoning.text ?? '';
    return [this.emit({ reasoning_content: text, reasoning_details: [{ type: 'reasoning.text', text, format: this.format, index }] })];
  }

  /** The role chunk first (several clients need it, F.14). */
  private open(): StreamOutputV1[] {
    if (this.opened) return [];
    this.opened = true;
    return [this.emit({ role: 'assistant', content: '' })];
  }

  private base(): Pick<ChatCompletionChunk, 'id' | 'object' | 'created' | 'model'> {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }

  private emit(delta: ChatCompletionDelta, finishReason: FinishReason | null = null): StreamOutputV1 {
    const chunk: ChatCompletionChunk = { ...this.base(), choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
    if (this.includeUsage) chunk.usage = null;
    return { chunk };
  }
}
