import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { formatSseEvent, GatewayError, SseParser, type ResponsesUsage } from '@modelgate/core';
import { EventIdleTimer } from './event-idle-timer.js';
import { settleRelayFailure, type RelayOutcome } from './relay-outcome.js';
import { ResponsesStreamTracker } from './responses-stream-tracker.js';
import { SseBlockSplitter } from './sse-block-splitter.js';
import { SseKeepAlive } from './sse-keep-alive.js';

export interface RelayResponsesStreamOptions {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly output: Writable;
  /** True once the client has gone; the relay then stops without writing. */
  readonly clientGone: () => boolean;
  readonly keepAliveIntervalMs: number;
  /** Largest upstream event accepted (`upstream.maxEventBytes`); a larger one fails the stream. */
  readonly maxEventBytes: number;
  /** Longest wait for the next upstream event (`upstream.streamIdleTimeoutMs`); comments do not count. */
  readonly idleTimeoutMs: number;
  /** Called before each event is written. */
  readonly onWrite?: () => void;
  /** Called with the usage of the final response (`response.completed`, or `incomplete`/`failed`). */
  readonly onUsage?: (usage: ResponsesUsage) => void;
  /** Called once the terminal event has arrived, just before it is written (the usage record is spooled there). */
  readonly beforeEnd?: () => void;
}

function interruptedBeforeTerminal(url: string): GatewayError {
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_interrupted',
    message: `The upstream at ${new URL(url).host} ended the Responses stream before its terminal event (response.completed, response.failed or response.incomplete).`,
  });
}

/**
 * Relays a Responses event stream untouched: each upstream event is written as soon as it is
 * complete, as the upstream's own text (`event:` lines, `sequence_number`, unknown events and all),
 * honouring back-pressure, with `: keep-alive` comments while the upstream is silent. A failure
 * after the headers (connection lost, stream cut before its terminal event, data that is not JSON,
 * an event over `maxEventBytes`)
 * ends the stream with an `error` event, the Responses API's own mid-stream error, which the
 * official SDKs raise and Codex treats as a broken stream it may retry.
 */
export async function relayResponsesStream(options: RelayResponsesStreamOptions): Promise<RelayOutcome> {
  const { upstream, output } = options;
  const splitter = new SseBlockSplitter(options.maxEventBytes);
  const parser = new SseParser();
  const tracker = new ResponsesStreamTracker();
  const decoder = new TextDecoder();
  const idle = new EventIdleTimer(upstream, options.idleTimeoutMs);
  const keepAlive = new SseKeepAlive(options.keepAliveIntervalMs, (comment) => {
    if (!output.writableEnded && !output.destroyed) output.write(comment);
  });

  let answered = false;
  const forward = async (block: string): Promise<void> => {
    for (const event of parser.push(block)) {
      idle.touch();
      tracker.observe(event);
    }
    if (tracker.ended && !answered) {
      // The terminal event completes the answer for the client: its usage is known now.
      answered = true;
      if (tracker.usage) options.onUsage?.(tracker.usage);
      options.beforeEnd?.();
    }
    options.onWrite?.();
    keepAlive.touch();
    if (!output.write(block)) await once(output, 'drain');
  };

  try {
    for await (const piece of upstream) {
      for (const block of splitter.push(decoder.decode(piece as Buffer, { stream: true }))) await forward(block);
    }
    for (const block of splitter.push(decoder.decode())) await forward(block);
    const unterminated = splitter.end();
    if (unterminated.trim().length > 0) await forward(`${unterminated}\n\n`);
    if (!tracker.ended) throw interruptedBeforeTerminal(options.upstreamUrl);
    output.end();
    return { kind: 'completed' };
  } catch (error) {
    return settleRelayFailure(error, options, (failure) =>
      formatSseEvent('error', JSON.stringify({ type: 'error', code: failure.code, message: failure.message, param: failure.param, sequence_number: tracker.nextSequenceNumber })),
    );
  } finally {
    keepAlive.stop();
    idle.stop();
  }
}
