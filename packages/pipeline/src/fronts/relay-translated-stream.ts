import type { StreamTranslatorV1 } from '@modelgate/core';
import { relayChatStream, type ChatStreamEncoder, type RelayOutcome } from '../streaming/relay-chat-stream.js';
import type { StreamRelayInput } from './front-door.js';
import { noteStreamedChunk } from './note-streamed-chunk.js';

/**
 * A stream a provider's chat translator turns into hub chunks, relayed to the client in the
 * front's encoding (OpenAI's chunks unless `encoder` says otherwise): the first byte, usage and
 * text noted on the exchange, and the vendor's own counts charged when the client asked for no
 * usage chunk (`accountedUsage`).
 */
export function relayTranslatedStream(input: StreamRelayInput, translator: StreamTranslatorV1, encoder?: ChatStreamEncoder): Promise<RelayOutcome> {
  return relayChatStream({
    upstream: input.upstream,
    upstreamUrl: input.upstreamUrl,
    translator,
    output: input.output,
    clientGone: input.clientGone,
    maxEventBytes: input.maxEventBytes,
    idleTimeoutMs: input.idleTimeoutMs,
    keepAliveIntervalMs: input.keepAliveIntervalMs,
    onOutput: (item) => noteStreamedChunk(input.exchange, item.chunk),
    startAnswer: input.startAnswer,
    beforeEnd: () => {
      input.exchange.usage ??= translator.accountedUsage?.();
      input.beforeEnd();
    },
    encoder,
  });
}
