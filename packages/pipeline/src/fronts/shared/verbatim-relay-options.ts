import type { AnswerFacts } from '../../exchange/exchange.js';
import type { RelayVerbatimStreamOptions, VerbatimStreamTracker } from '../../streaming/relay-verbatim-stream.js';
import type { StreamRelayInput } from '../front-door.js';

/**
 * What every pass-through front gives the verbatim relay: the pipeline's stream input, and what
 * the exchange learns from the dialect's tracker: each event's generated characters as it goes out,
 * and at the terminal event the usage with what else the front read there (`facts`).
 */
export function verbatimRelayOptions(
  input: StreamRelayInput,
  tracker: VerbatimStreamTracker,
  facts: () => Omit<AnswerFacts, 'usage'> = () => ({}),
): Omit<RelayVerbatimStreamOptions, 'dialect'> {
  let counted = 0;
  return {
    upstream: input.upstream,
    upstreamUrl: input.upstreamUrl,
    output: input.output,
    tracker,
    tap: input.tap,
    clientGone: input.clientGone,
    keepAliveIntervalMs: input.keepAliveIntervalMs,
    maxEventBytes: input.maxEventBytes,
    idleTimeoutMs: input.idleTimeoutMs,
    onWrite: () => {
      const characters = (tracker.generatedCharacters ?? 0) - counted;
      counted += characters;
      input.exchange.streamChunk({ characters });
    },
    beforeEnd: () => {
      input.exchange.usageReported({ usage: tracker.usage, ...facts() });
      input.beforeEnd();
    },
  };
}
