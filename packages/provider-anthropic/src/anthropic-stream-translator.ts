import {
  upstreamProtocolError,
  type ChatCompletionChunk,
  type ChatCompletionChunkChoice,
  type ChatCompletionDelta,
  type FinishReason,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import { anthropicErrorFromType } from './anthropic-error.js';
import type { AnthropicStreamEvent, AnthropicUsage } from './anthropic-messages-api-types.js';
import { convertAnthropicUsage, mergeAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

const NOTHING: readonly StreamOutputV1[] = [];

/** One tool call being streamed: its position in `tool_calls`, and whether any argument text was sent. */
interface OpenToolCall {
  readonly toolIndex: number;
  sentArguments: boolean;
}

/**
 * PROTOCOLS F.11: one Anthropic message stream → `chat.completion.chunk`s. Tool-call indexes come
 * from a per-stream counter keyed by the content-block index (text and thinking blocks share that
 * index space), never from the block index itself, so parallel calls stay apart.
 */
export class AnthropicStreamTranslator implements StreamTranslatorV1 {
  private id = '';
  private model = '';
  private usage: AnthropicUsage = {};
  private readonly tools = new Map<number, OpenToolCall>();
  private nextToolIndex = 0;
  private finished = false;
  private stopped = false;

  constructor(
    private readonly includeUsage: boolean,
    private readonly created: number,
  ) {}

  onEvent(event: SseEvent): readonly StreamOutputV1[] {
    let parsed: AnthropicStreamEvent;
    try {
      parsed = JSON.parse(event.data) as AnthropicStreamEvent;
    } catch (error) {
      throw upstreamProtocolError('Anthropic sent a stream event that is not valid JSON.', error);
    }
    if (parsed.type !== 'message_start' && parsed.type !== 'error' && parsed.type !== 'ping' && this.id === '') {
      throw upstreamProtocolError(`Anthropic sent '${parsed.type}' before message_start.`);
    }
    switch (parsed.type) {
      case 'message_start':
        this.id = parsed.message.id;
        this.model = parsed.message.model;
        this.usage = parsed.message.usage ?? {};
        return this.emit({ role: 'assistant', content: '' });
      case 'content_block_start':
        return this.onBlockStart(parsed.index, parsed.content_block as { type: string; [field: string]: unknown });
      case 'content_block_delta':
        return this.onBlockDelta(parsed.index, parsed.delta as { type: string; [field: string]: unknown });
      case 'content_block_stop': {
        const tool = this.tools.get(parsed.index);
        // A tool without arguments streams no fragment; "{}" spares clients JSON.parse("").
        if (tool && !tool.sentArguments) return this.emit({ tool_calls: [{ index: tool.toolIndex, function: { arguments: '{}' } }] });
        return NOTHING;
      }
      case 'message_delta':
        this.usage = mergeAnthropicUsage(this.usage, parsed.usage ?? {});
        this.finished = true;
        return this.emit({}, mapAnthropicFinishReason(parsed.delta.stop_reason));
      case 'message_stop':
        this.stopped = true;
        if (!this.includeUsage) return NOTHING;
        return [{ chunk: { ...this.base(), choices: [], usage: convertAnthropicUsage(this.usage) } }];
      case 'error':
        throw anthropicErrorFromType(parsed.error?.type ?? 'api_error', parsed.error?.message ?? 'Anthropic reported an error mid-stream.', 502);
      default:
        // `ping` keeps proxies awake; unknown event types are new and carry nothing for chat clients.
        return NOTHING;
    }
  }

  onEnd(): readonly StreamOutputV1[] {
    if (!this.stopped) throw upstreamProtocolError('Anthropic closed the stream before message_stop.');
    if (!this.finished) throw upstreamProtocolError('Anthropic ended the stream without a stop reason.');
    return NOTHING;
  }

  private onBlockStart(index: number, block: { type: string; [field: string]: unknown }): readonly StreamOutputV1[] {
    if (block.type === 'tool_use') {
      const toolIndex = this.nextToolIndex++;
      this.tools.set(index, { toolIndex, sentArguments: false });
      return this.emit({
        tool_calls: [{ index: toolIndex, id: String(block.id), type: 'function', function: { name: String(block.name), arguments: '' } }],
      });
    }
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') return this.emit({ content: block.text });
    if (block.type === 'thinking' && typeof block.thinking === 'string' && block.thinking !== '') return this.emit({ reasoning_content: block.thinking });
    return NOTHING;
  }

  private onBlockDelta(index: number, delta: { type: string; [field: string]: unknown }): readonly StreamOutputV1[] {
    switch (delta.type) {
      case 'text_delta':
        return this.emit({ content: String(delta.text) });
      case 'thinking_delta':
        return this.emit({ reasoning_content: String(delta.thinking) });
      case 'input_json_delta': {
        const tool = this.tools.get(index);
        const fragment = String(delta.partial_json);
        if (!tool) throw upstreamProtocolError(`Anthropic sent tool input for block ${index}, which is not a tool_use block.`);
        if (fragment === '') return NOTHING;
        tool.sentArguments = true;
        return this.emit({ tool_calls: [{ index: tool.toolIndex, function: { arguments: fragment } }] });
      }
      default:
        // signature_delta and citations_delta have no chat-completions counterpart.
        return NOTHING;
    }
  }

  private base(): { id: string; object: 'chat.completion.chunk'; created: number; model: string } {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }

  private emit(delta: ChatCompletionDelta, finishReason: FinishReason | null = null): readonly StreamOutputV1[] {
    const choice: ChatCompletionChunkChoice = { index: 0, delta, logprobs: null, finish_reason: finishReason };
    const chunk: ChatCompletionChunk = { ...this.base(), choices: [choice] };
    if (this.includeUsage) chunk.usage = null;
    return [{ chunk }];
  }
}
