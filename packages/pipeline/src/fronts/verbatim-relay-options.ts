import type { RelayVerbatimStreamOptions } from '../streaming/relay-verbatim-stream.js';
import type { StreamRelayInput } from './front-door.js';

/**
 * What every pass-through front gives the verbatim relay: the pipeline's stream input, the first
 * byte and the usage noted on the exchange. The front adds its dialect's tracker.
 */
export function verbatimRelayOptions(input: StreamRelayInput): Omit<RelayVerbatimStreamOptions, 'tracker' | 'dialect'> {
  return {
    upstream: input.upstream,
    upstreamUrl: input.upstreamUrl,
    output: input.output,
    clientGone: input.clientGone,
    keepAliveIntervalMs: input.keepAliveIntervalMs,
    maxEventBytes: input.maxEventBytes,
    idleTimeoutMs: input.idleTimeoutMs,
    onWrite: () => {
      input.exchange.firstByteAt ??= process.hrtime.bigint();
    },
    onUsage: (usage) => {
      input.exchange.usage = usage;
    },
    beforeEnd: input.beforeEnd,
  };
}
