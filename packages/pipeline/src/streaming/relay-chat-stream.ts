import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import {
  formatSseData,
  SSE_DONE,
  type GatewayError,
  SseParser,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import { carriesContent } from './carries-content.js';
import { consumePieces } from './consume-pieces.js';
import { EventIdleTimer } from './event-idle-timer.js';
import { SseKeepAlive } from './sse-keep-alive.js';
import { settleRelayFailure, type RelayOutcome } from './relay-outcome.js';

export interface RelayChatStreamOptions {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly translator: StreamTranslatorV1;
  readonly output: Writable;
  /** True once the client has gone; the relay then stops without writing. */
  readonly clientGone: () => boolean;
  readonly onOutput?: (output: StreamOutputV1) => void;
  /** Sees each chunk's encoding and the stream's last bytes, and may rewrite them (`''` drops them) or throw to end the stream (StreamTap). */
  readonly tap?: { event(text: string): string };
  /** Largest upstream event accepted (`upstream.maxEventBytes`); a larger one fails the stream. */
  readonly maxEventBytes: number;
  /** Longest wait for the next upstream event (`upstream.streamIdleTimeoutMs`); comments do not count. */
  readonly idleTimeoutMs: number;
  /** Silence after which `: keep-alive` goes to the client (a thinking model may say nothing for minutes). */
  readonly keepAliveIntervalMs: number;
  /** Called once the answer is complete, just before its last write (the usage record is spooled there). */
  readonly beforeEnd?: () => void;
  /** How the chunks reach the client; OpenAI's chat chunks and `[DONE]` unless a front writes its own dialect. */
  readonly encoder?: ChatStreamEncoder;
  /**
   * Opens the client's answer; called before the first chunk that carries content, before a
   * keep-alive, or at the end of a stream that carried none. Until then `output` holds what it gets
   * (see HoldingOutput), so a vendor error before any content can still get its own status.
   */
  readonly startAnswer?: () => void;
}

/** Writes translated chunks in the client's dialect: each chunk, the stream's end, and a failure after the headers. */
export interface ChatStreamEncoder {
  encode(item: StreamOutputV1): string;
  /** The last bytes of a complete stream. */
  end(): string;
  failure(error: GatewayError): string;
}

/** OpenAI Chat's own stream: `data: <chunk>` lines, `data: [DONE]`, and an error payload the SDKs raise. */
const CHAT_CHUNKS: ChatStreamEncoder = {
  encode: (item) => formatSseData(item.serialized ?? JSON.stringify(item.chunk)),
  end: () => SSE_DONE,
  failure: (error) => formatSseData(JSON.stringify(error.toEnvelope())),
};

export type { RelayOutcome } from './relay-outcome.js';

/**
 * Relays an upstream event stream to the client as chat chunks, written as soon as they are
 * translated (no buffering beyond the upstream piece they came in), honouring back-pressure. The
 * answer starts at the first chunk that carries content (`startAnswer`). A failure after that ends
 * the stream with an OpenAI error payload and no `[DONE]`, which the official SDKs raise as an
 * error; one before it leaves the answer unstarted, for the pipeline to answer or retry.
 */
export async function relayChatStream(options: RelayChatStreamOptions): Promise<RelayOutcome> {
  const { upstream, translator, output, onOutput } = options;
  const encoder = options.encoder ?? CHAT_CHUNKS;
  const tapped = (text: string): string => (options.tap && text.length > 0 ? options.tap.event(text) : text);
  const parser = new SseParser({ maxEventBytes: options.maxEventBytes });
  const decoder = new TextDecoder();
  const idle = new EventIdleTimer(upstream, options.idleTimeoutMs);
  let started = false;
  const startAnswer = () => {
    if (started) return;
    started = true;
    options.startAnswer?.();
  };
  const keepAlive = new SseKeepAlive(options.keepAliveIntervalMs, (comment) => {
    if (output.writableEnded || output.destroyed) return;
    startAnswer();
    output.write(comment);
  });

  const serialize = (items: readonly StreamOutputV1[]): string => {
    let text = '';
    for (const item of items) {
      if (!started && carriesContent(item.chunk)) startAnswer();
      onOutput?.(item);
      text += tapped(encoder.encode(item));
    }
    return text;
  };
  // The events of one upstream piece arrived together, so their chunks leave in one write: the
  // same bytes at the same moment, without a write (and a chunked-encoding frame) per chunk.
  // Chunks translated before a failure are still sent, ahead of the error.
  const translate = (events: readonly SseEvent[]): string => {
    let text = '';
    if (events.length > 0) idle.touch();
    try {
      for (const event of events) text += serialize(translator.onEvent(event));
    } catch (error) {
      if (text.length > 0) output.write(text);
      throw error;
    }
    return text;
  };
  // Waits only when the client is slower than the upstream (back-pressure).
  const send = (text: string): Promise<unknown> | undefined => {
    if (text.length === 0) return undefined;
    keepAlive.touch();
    return output.write(text) ? undefined : once(output, 'drain');
  };

  try {
    await consumePieces(upstream, (piece) => send(translate(parser.push(decoder.decode(piece, { stream: true })))));
    const backPressure = send(translate([...parser.push(decoder.decode()), ...parser.end()]));
    if (backPressure) await backPressure;
    const last = serialize(translator.onEnd()) + tapped(encoder.end());
    startAnswer();
    options.beforeEnd?.();
    output.end(last);
    return { kind: 'completed' };
  } catch (error) {
    return settleRelayFailure(error, options, (failure) => encoder.failure(failure));
  } finally {
    idle.stop();
    keepAlive.stop();
  }
}
