import type { Readable, Writable } from 'node:stream';
import { GatewayError } from '@modelgate/core';
import { isUpstreamTransportFailure, toUpstreamTransportError } from '../transport/upstream-transport.js';

/** How a relayed stream ended. */
export type RelayOutcome = { readonly kind: 'completed' } | { readonly kind: 'client-aborted' } | { readonly kind: 'failed'; readonly error: GatewayError };

export interface FailedRelay {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly output: Writable;
  readonly clientGone: () => boolean;
}

/**
 * Ends a relay that failed after the headers were sent. When the client has gone, the output is
 * dropped silently; otherwise the failure (a gateway error, or a broken upstream connection) is
 * written as the protocol's own last event (`formatError`) and the upstream is released. Anything
 * else thrown (a translator's bug) is an `internal_error`, not blamed on the upstream.
 */
export function settleRelayFailure(error: unknown, relay: FailedRelay, formatError: (failure: GatewayError) => string): RelayOutcome {
  if (relay.clientGone()) {
    relay.output.destroy();
    return { kind: 'client-aborted' };
  }
  const failure = GatewayError.isInstance(error)
    ? error
    : isUpstreamTransportFailure(error)
      ? toUpstreamTransportError(error, relay.upstreamUrl, true)
      : new GatewayError({
          status: 500,
          type: 'server_error',
          code: 'internal_error',
          message: 'The gateway failed while relaying the stream.',
          cause: error,
        });
  relay.output.end(formatError(failure));
  relay.upstream.destroy();
  return { kind: 'failed', error: failure };
}
