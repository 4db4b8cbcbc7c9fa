import {
  upstreamProtocolError,
  type AnthropicStreamEvent,
  type AnthropicUsage,
  type ChatCompletionChunk,
  type ChatCompletionChunkChoice,
  type ChatCompletionDelta,
  type CompletionUsage,
  type FinishReason,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import { anthropicErrorFromType } from './anthropic-error.js';
import { ANTHROPIC_REASONING_FORMAT } from './anthropic-reasoning-details.js';
import { anthropicRefusal } from './anthropic-refusal.js';
import { convertAnthropicUsage, mergeAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

const NOTHING: readonly StreamOutputV1[] = [];

/** One tool call being streamed: its position in `tool_calls`, and whether any argument text was sent. */
interface OpenToolCall {
  readonly toolIndex: number;
  sentArguments: boolean;
}

type LooseBlock = { type: string; [field: string]: unknown };

function hasInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && Object.keys(input).length > 0;
}

/**
 * PROTOCOLS F.11: one Anthropic message stream → `chat.completion.chunk`s. Tool-call indexes come
 * from a per-stream counter keyed by the content-block index (text and thinking blocks share that
 * index space), never from the block index itself, so parallel calls stay apart. Thinking streams
 * as `reasoning_content` and as `reasoning_details` pieces (text, then the signature, under one
 * `index` per block; redacted thinking whole), which clients merge by index and send back.
 */
export class AnthropicStreamTranslator implements StreamTranslatorV1 {
  private id = '';
  private model = '';
  private usage: Partial<AnthropicUsage> = {};
  private readonly tools = new Map<number, OpenToolCall>();
  private nextToolIndex = 0;
  /** The `reasoning_details` index of each thinking block, by content-block index. */
  private readonly details = new Map<number, number>();
  /** Blocks a chat client does not see (server-tool calls and results), by content-block index. */
  private readonly unseen = new Set<number>();
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
        return this.onBlockStart(parsed.index, parsed.content_block as LooseBlock);
      case 'content_block_delta':
        return this.onBlockDelta(parsed.index, parsed.delta as LooseBlock);
      case 'content_block_stop': {
        const tool = this.tools.get(parsed.index);
        // A tool without arguments streams no fragment; "{}" spares clients JSON.parse("").
        if (tool && !tool.sentArguments) return this.emit({ tool_calls: [{ index: tool.toolIndex, function: { arguments: '{}' } }] });
        return NOTHING;
      }
      case 'message_delta': {
        this.usage = mergeAnthropicUsage(this.usage, parsed.usage ?? {});
        this.finished = true;
        const refused = parsed.delta.stop_reason === 'refusal';
        return this.emit(refused ? { refusal: anthropicRefusal(parsed.delta.stop_details) } : {}, mapAnthropicFinishReason(parsed.delta.stop_reason));
      }
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

  /** The vendor's counts so far, for the gateway's accounting even when the client asked for no usage chunk. */
  accountedUsage(): CompletionUsage | undefined {
    return Object.keys(this.usage).length > 0 ? convertAnthropicUsage(this.usage) : undefined;
  }

  onEnd(): readonly StreamOutputV1[] {
    if (!this.stopped) throw upstreamProtocolError('Anthropic closed the stream before message_stop.');
    if (!this.finished) throw upstreamProtocolError('Anthropic ended the stream without a stop reason.');
    return NOTHING;
  }

  private onBlockStart(index: number, block: LooseBlock): readonly StreamOutputV1[] {
    switch (block.type) {
      case 'tool_use': {
        const toolIndex = this.nextToolIndex++;
        // Anthropic starts with `input: {}`; some compatible servers send the whole input here instead.
        const startArguments = hasInput(block.input) ? JSON.stringify(block.input) : '';
        this.tools.set(index, { toolIndex, sentArguments: startArguments !== '' });
        return this.emit({ tool_calls: [{ index: toolIndex, id: String(block.id), type: 'function', function: { name: String(block.name), arguments: startArguments } }] });
      }
      case 'text':
        return typeof block.text === 'string' && block.text !== '' ? this.emit({ content: block.text }) : NOTHING;
      case 'thinking':
        this.details.set(index, this.details.size);
        return typeof block.thinking === 'string' && block.thinking !== '' ? this.emitThinking(index, block.thinking) : NOTHING;
      case 'redacted_thinking':
        this.details.set(index, this.details.size);
        return this.emit({ reasoning_details: [{ type: 'reasoning.encrypted', data: String(block.data), format: ANTHROPIC_REASONING_FORMAT, index: this.details.get(index)! }] });
      default:
        // Server-tool calls and their results run at Anthropic; a chat client has no use for them.
        this.unseen.add(index);
        return NOTHING;
    }
  }

  private emitThinking(index: number, thinking: string): readonly StreamOutputV1[] {
    const detail = { type: 'reasoning.text', text: thinking, format: ANTHROPIC_REASONING_FORMAT, index: this.details.get(index) ?? 0 } as const;
    return this.emit({ reasoning_content: thinking, reasoning_details: [detail] });
  }

  private onBlockDelta(index: number, delta: LooseBlock): readonly StreamOutputV1[] {
    switch (delta.type) {
      case 'text_delta':
        return this.emit({ content: String(delta.text) });
      case 'thinking_delta':
        return this.emitThinking(index, String(delta.thinking));
      case 'signature_delta':
        return this.emit({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: String(delta.signature), format: ANTHROPIC_REASONING_FORMAT, index: this.details.get(index) ?? 0 }] });
      case 'input_json_delta': {
        const tool = this.tools.get(index);
        const fragment = String(delta.partial_json);
        if (this.unseen.has(index)) return NOTHING;
        if (!tool) throw upstreamProtocolError(`Anthropic sent tool input for block ${index}, which is not a tool_use block.`);
        if (fragment === '') return NOTHING;
        tool.sentArguments = true;
        return this.emit({ tool_calls: [{ index: tool.toolIndex, function: { arguments: fragment } }] });
      }
      default:
        // citations_delta has no chat-completions counterpart.
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
