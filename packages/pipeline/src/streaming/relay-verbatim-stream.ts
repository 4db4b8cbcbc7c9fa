import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { GatewayError, SseParser, type CompletionUsage, type SseEvent } from '@modelgate/core';
import { consumePieces } from './consume-pieces.js';
import { EventIdleTimer } from './event-idle-timer.js';
import { settleRelayFailure, type RelayOutcome } from './relay-outcome.js';
import { SseBlockSplitter } from './sse-block-splitter.js';
import { SseKeepAlive } from './sse-keep-alive.js';

/**
 * Reads (never rewrites) the events of one relayed stream of a dialect: whether its terminal event
 * has arrived, and the usage it reported. One per stream.
 */
export interface VerbatimStreamTracker {
  /** Sees each event before it is written; throws an `upstream_protocol_error` for one it cannot read. */
  observe(event: SseEvent): void;
  /** The terminal event has arrived (the upstream's own error event counts: no second one is appended). */
  readonly ended: boolean;
  /** The usage known so far, in the gateway's accounting shape. */
  readonly usage: CompletionUsage | undefined;
  /** Characters of generated text seen so far, when the dialect's tracker counts them. */
  readonly generatedCharacters?: number;
  /** The terminal events by name, for the error when the upstream stops before one. */
  readonly terminalEvents: string;
  /** The dialect's own last event for a failure after the headers, which its SDKs raise. */
  failureEvent(failure: GatewayError): string;
}

export interface RelayVerbatimStreamOptions {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly output: Writable;
  readonly tracker: VerbatimStreamTracker;
  /** The dialect, for messages (`Responses`, `Messages`). */
  readonly dialect: string;
  /** True once the client has gone; the relay then stops without writing. */
  readonly clientGone: () => boolean;
  readonly keepAliveIntervalMs: number;
  /** Largest upstream event accepted (`upstream.maxEventBytes`); a larger one fails the stream. */
  readonly maxEventBytes: number;
  /** Longest wait for the next upstream event (`upstream.streamIdleTimeoutMs`); comments do not count. */
  readonly idleTimeoutMs: number;
  /** Called before each event is written. */
  readonly onWrite?: () => void;
  /** Sees each event written from the upstream's, and may rewrite it (`''` drops it) or throw to end the stream (StreamTap). */
  readonly tap?: { event(text: string): string };
  /** Called once the terminal event has arrived, just before it is written (the usage record is spooled there). */
  readonly beforeEnd?: () => void;
  /** Writes each block's events in another framing than the upstream's SSE (Gemini's JSON-array stream), and the stream's last bytes. */
  readonly frame?: { events(events: readonly SseEvent[]): string; end(): string };
}

function interruptedBeforeTerminal(url: string, dialect: string, terminalEvents: string): GatewayError {
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_interrupted',
    message: `The upstream at ${new URL(url).host} ended the ${dialect} stream before its terminal event (${terminalEvents}).`,
  });
}

/**
 * Relays an event stream of the client's own dialect untouched (the Responses API for OpenAI
 * models, Anthropic Messages for Claude): each upstream event is written as soon as it is
 * complete, as the upstream's own text (`event:` lines, unknown events and all), honouring
 * back-pressure, with `: keep-alive` comments while the upstream is silent. The dialect's tracker
 * reads the terminal event and the usage on the way. A failure after the headers (connection lost,
 * stream cut before its terminal event, data that is not JSON, an event over `maxEventBytes`) ends
 * the stream with the dialect's own error event, which its SDKs raise.
 */
export async function relayVerbatimStream(options: RelayVerbatimStreamOptions): Promise<RelayOutcome> {
  const { upstream, output, tracker } = options;
  const splitter = new SseBlockSplitter(options.maxEventBytes);
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const idle = new EventIdleTimer(upstream, options.idleTimeoutMs);
  const keepAlive = new SseKeepAlive(options.keepAliveIntervalMs, (comment) => {
    if (!output.writableEnded && !output.destroyed) output.write(comment);
  });

  let answered = false;
  const forward = (block: string): Promise<unknown> | undefined => {
    const events = parser.push(block);
    for (const event of events) {
      idle.touch();
      tracker.observe(event);
    }
    if (tracker.ended && !answered) {
      // The terminal event completes the answer for the client: its usage is known now.
      answered = true;
      options.beforeEnd?.();
    }
    const framed = options.frame ? options.frame.events(events) : block;
    const written = options.tap && framed.length > 0 ? options.tap.event(framed) : framed;
    options.onWrite?.();
    if (written.length === 0) return undefined;
    keepAlive.touch();
    return output.write(written) ? undefined : once(output, 'drain');
  };
  // Each block in turn, waiting for the client only when it is slower than the upstream.
  const forwardAll = (blocks: readonly string[], from = 0): Promise<unknown> | undefined => {
    for (let index = from; index < blocks.length; index++) {
      const drained = forward(blocks[index]!);
      if (drained) return drained.then(() => forwardAll(blocks, index + 1));
    }
    return undefined;
  };

  try {
    await consumePieces(upstream, (piece) => forwardAll(splitter.push(decoder.decode(piece, { stream: true }))));
    await forwardAll(splitter.push(decoder.decode()));
    const unterminated = splitter.end();
    if (unterminated.trim().length > 0) await forward(`${unterminated}\n\n`);
    if (!tracker.ended) throw interruptedBeforeTerminal(options.upstreamUrl, options.dialect, tracker.terminalEvents);
    if (options.frame) output.end(options.frame.end());
    else output.end();
    return { kind: 'completed' };
  } catch (error) {
    return settleRelayFailure(error, options, (failure) => tracker.failureEvent(failure));
  } finally {
    keepAlive.stop();
    idle.stop();
  }
}
