import { completionUsageFromAnthropic, formatSseEvent, upstreamProtocolError, type AnthropicUsage, type CompletionUsage, type GatewayError, type SseEvent, type StreamUsageReaderV1 } from '@modelgate/core';
import { anthropicErrorOf } from '../fronts/messages/anthropic-conventions.js';
import { anthropicServerToolCalls } from '../fronts/messages/anthropic-usage.js';
import type { VerbatimStreamTracker } from './relay-verbatim-stream.js';

interface MessagesEventPayload {
  type?: unknown;
  message?: { usage?: Partial<AnthropicUsage> | null };
  usage?: Partial<AnthropicUsage> | null;
  delta?: { text?: unknown; thinking?: unknown; partial_json?: unknown };
}

function generatedLength(delta: MessagesEventPayload['delta']): number {
  const text = [delta?.text, delta?.thinking, delta?.partial_json].find((value) => typeof value === 'string') as string | undefined;
  return text?.length ?? 0;
}

/** An Anthropic client's mid-stream error event for a failure after the headers (PROTOCOLS D.5). */
export function messagesErrorEvent(failure: GatewayError): string {
  return formatSseEvent('error', JSON.stringify(anthropicErrorOf(failure).body));
}

/**
 * Reads the events of a relayed Messages stream (PROTOCOLS D.5): the usage, split over
 * `message_start` (input and cache counts) and `message_delta` (cumulative; a field present there
 * replaces the earlier one), the generated text's length (for an estimate when the stream is cut),
 * and the terminal event: `message_stop`, or the upstream's own `error` after which nothing follows.
 * A provider's own usage reader, when it has one, replaces the reading of the usage.
 */
export class MessagesStreamTracker implements VerbatimStreamTracker {
  readonly terminalEvents = 'message_stop or error';
  /** Characters of text, thinking and tool input streamed so far. */
  generatedCharacters = 0;
  private terminal = false;
  private anthropicUsage: Partial<AnthropicUsage> | undefined;

  constructor(private readonly usageReader?: StreamUsageReaderV1) {}

  observe(event: SseEvent): void {
    let payload: MessagesEventPayload;
    try {
      payload = JSON.parse(event.data) as MessagesEventPayload;
    } catch (error) {
      throw upstreamProtocolError('The upstream sent a Messages stream event whose data is not JSON.', error);
    }
    this.usageReader?.observe(event);
    const type = event.event ?? (typeof payload.type === 'string' ? payload.type : undefined);
    if (type === 'message_start' && payload.message?.usage) this.anthropicUsage = { ...payload.message.usage };
    else if (type === 'message_delta' && payload.usage) this.mergeUsage(payload.usage);
    else if (type === 'content_block_delta') this.generatedCharacters += generatedLength(payload.delta);
    else if (type === 'message_stop' || type === 'error') this.terminal = true;
  }

  get ended(): boolean {
    return this.terminal;
  }

  /** Anthropic's counts of server tool calls, by tool (cumulative in `message_delta`, as the tokens). */
  get serverToolCalls(): Record<string, number> | undefined {
    return anthropicServerToolCalls(this.anthropicUsage);
  }

  get usage(): CompletionUsage | undefined {
    if (this.usageReader) return this.usageReader.usage;
    return this.anthropicUsage && completionUsageFromAnthropic(this.anthropicUsage);
  }

  failureEvent(failure: GatewayError): string {
    return messagesErrorEvent(failure);
  }

  private mergeUsage(update: Partial<AnthropicUsage>): void {
    const merged: Partial<AnthropicUsage> = { ...this.anthropicUsage };
    for (const [field, value] of Object.entries(update)) if (value !== null && value !== undefined) merged[field] = value;
    this.anthropicUsage = merged;
  }
}
