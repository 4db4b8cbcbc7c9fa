import type { StreamTranslatorV1 } from '@modelgate/core';
import { relayChatStream, type ChatStreamEncoder, type RelayOutcome } from '../../streaming/relay-chat-stream.js';
import type { StreamRelayInput } from '../front-door.js';
import { chatChunkPiece } from '../../exchange/streamed-output.js';

/**
 * A stream a provider's chat translator turns into hub chunks, relayed to the client in the
 * front's encoding (OpenAI's chunks unless `encoder` says otherwise): each chunk described to the
 * exchange (its text, usage, model and finish reasons), and the vendor's own counts charged when the client asked for no
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
    onOutput: (item) => input.exchange.streamChunk(chatChunkPiece(item.chunk)),
    tap: input.tap,
    startAnswer: input.startAnswer,
    beforeEnd: () => {
      if (!input.exchange.usage) input.exchange.usageReported({ usage: translator.accountedUsage?.() });
      input.beforeEnd();
    },
    encoder,
  });
}
