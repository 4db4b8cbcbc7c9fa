import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import {
  formatSseData,
  GatewayError,
  SSE_DONE,
  SseParser,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';
import { toUpstreamTransportError } from '../transport/upstream-transport.js';

export interface RelayChatStreamOptions {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly translator: StreamTranslatorV1;
  readonly output: Writable;
  /** True once the client has gone; the relay then stops without writing. */
  readonly clientGone: () => boolean;
  readonly onOutput?: (output: StreamOutputV1) => void;
}

export type RelayOutcome = { readonly kind: 'completed' } | { readonly kind: 'client-aborted' } | { readonly kind: 'failed'; readonly error: GatewayError };

/**
 * Relays an upstream event stream to the client as chat chunks, one write per chunk as soon as it
 * is translated (no buffering), honouring back-pressure. A failure after the headers ends the
 * stream with an OpenAI error payload and no `[DONE]`, which the official SDKs raise as an error.
 */
export async function relayChatStream(options: RelayChatStreamOptions): Promise<RelayOutcome> {
  const { upstream, translator, output } = options;
  const parser = new SseParser();
  const decoder = new TextDecoder();

  const write = async (outputs: readonly StreamOutputV1[]): Promise<void> => {
    for (const item of outputs) {
      options.onOutput?.(item);
      if (!output.write(formatSseData(item.serialized ?? JSON.stringify(item.chunk)))) {
        await once(output, 'drain');
      }
    }
  };

  try {
    for await (const piece of upstream) {
      for (const event of parser.push(decoder.decode(piece as Buffer, { stream: true }))) {
        await write(translator.onEvent(event));
      }
    }
    const tail = [...parser.push(decoder.decode()), ...parser.end()];
    for (const event of tail) await write(translator.onEvent(event));
    await write(translator.onEnd());
    output.end(SSE_DONE);
    return { kind: 'completed' };
  } catch (error) {
    if (options.clientGone()) {
      output.destroy();
      return { kind: 'client-aborted' };
    }
    const failure = GatewayError.isInstance(error) ? error : toUpstreamTransportError(error, options.upstreamUrl, true);
    output.end(formatSseData(JSON.stringify(failure.toEnvelope())));
    upstream.destroy();
    return { kind: 'failed', error: failure };
  }
}
