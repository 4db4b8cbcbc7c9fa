import {
  GatewayError,
  openAiErrorKind,
  upstreamProtocolError,
  type ChatCompletionChunk,
  type CompletionUsage,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import type { OpenAiCompatibleHookContext, OpenAiCompatibleHooks } from './openai-compatible-hooks.js';

const NOTHING: readonly StreamOutputV1[] = [];

/**
 * Relays an OpenAI(-compatible) chunk stream. Chunks are parsed (the gateway reads usage and
 * finish reasons from them) but written out as the upstream's exact bytes, unless a chunk hook
 * returns a changed chunk.
 */
export class OpenAiCompatibleStreamTranslator implements StreamTranslatorV1 {
  private sawDone = false;

  private readonly vendorName: string;

  /** The usage the gateway asked for and kept from the client. */
  private usage: CompletionUsage | undefined;

  /**
   * @param stripUsage the client did not ask for usage (the gateway did, or the server sends it
   * unasked): the usage chunk is counted, not relayed, and `usage: null` leaves the other chunks, so the client
   * gets what OpenAI sends without `include_usage`.
   */
  constructor(
    private readonly context: OpenAiCompatibleHookContext,
    private readonly hooks: Pick<OpenAiCompatibleHooks, 'chunk' | 'usage'> = {},
    private readonly stripUsage = false,
  ) {
    this.vendorName = context.vendorName;
  }

  accountedUsage(): CompletionUsage | undefined {
    return this.usage;
  }

  onEvent(event: SseEvent): readonly StreamOutputV1[] {
    if (event.data === '[DONE]') {
      this.sawDone = true;
      return NOTHING;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch (error) {
      throw upstreamProtocolError(`${this.vendorName} sent a stream chunk that is not valid JSON.`, error);
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw upstreamProtocolError(`${this.vendorName} sent a stream chunk that is not a JSON object.`);
    }
    const upstreamError = (parsed as { error?: Record<string, unknown> }).error;
    if (event.event === 'error' || (upstreamError && typeof upstreamError === 'object')) {
      throw new GatewayError({
        status: 502,
        message: typeof upstreamError?.message === 'string' ? upstreamError.message : `${this.vendorName} reported an error mid-stream.`,
        type: typeof upstreamError?.type === 'string' ? upstreamError.type : 'server_error',
        code: typeof upstreamError?.code === 'string' ? upstreamError.code : null,
        kind: openAiErrorKind(502, upstreamError ?? {}),
      });
    }
    return this.output(parsed as ChatCompletionChunk, event.data);
  }

  onEnd(): readonly StreamOutputV1[] {
    if (!this.sawDone) {
      throw upstreamProtocolError(`${this.vendorName} closed the stream before sending [DONE].`);
    }
    return NOTHING;
  }

  private output(upstreamChunk: ChatCompletionChunk, bytes: string): readonly StreamOutputV1[] {
    const context = this.context;
    const chunk = this.hooks.chunk ? this.hooks.chunk(upstreamChunk, context) : upstreamChunk;
    if (chunk === null || carriesNothing(chunk)) return NOTHING;
    // The client gets the upstream's bytes while the chunk is unchanged; the usage hook changes only what the gateway counts.
    const serialized = chunk === upstreamChunk ? bytes : undefined;
    const counted = this.hooks.usage && chunk.usage ? { ...chunk, usage: this.hooks.usage(chunk.usage, context) } : chunk;
    if (this.stripUsage && 'usage' in counted) return this.withoutUsage(counted, serialized);
    return [serialized === undefined ? { chunk: counted } : { chunk: counted, serialized }];
  }

  /** A chunk as it would have come without `include_usage`: its usage kept for the gateway only. */
  private withoutUsage(chunk: ChatCompletionChunk, serialized: string | undefined): readonly StreamOutputV1[] {
    const usage = chunk.usage;
    if (usage) this.usage = usage;
    if (chunk.choices.length === 0) return NOTHING;
    // OpenAI ends every chunk with `"usage":null`: cut from the bytes, not re-encoded (the parsed
    // chunk, read only by the gateway, keeps its null).
    if (usage === null && serialized?.endsWith(USAGE_NULL_LAST)) return [{ chunk, serialized: `${serialized.slice(0, -USAGE_NULL_LAST.length)}}` }];
    const { usage: _usage, ...rest } = chunk;
    return [{ chunk: rest }];
  }
}

/**
 * The last top-level member of a chunk that has `usage: null`, as OpenAI writes it. A `"` that
 * follows a `,` is unescaped, so this is a key, and ending the text it closes the chunk itself.
 */
const USAGE_NULL_LAST = ',"usage":null}';

/**
 * A chunk with no choices and no usage (some compatible servers open a stream with one, holding
 * only filter results): OpenAI sends choice-less chunks only for the final usage, and clients that
 * read `choices[0]` break on it, so it is not relayed.
 */
function carriesNothing(chunk: ChatCompletionChunk): boolean {
  return Array.isArray(chunk.choices) && chunk.choices.length === 0 && !chunk.usage;
}
