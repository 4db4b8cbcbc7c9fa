import type { UpstreamRequestV1 } from '@modelgate/core';
import { toUpstreamTransportError } from './upstream-transport-errors.js';
import type { UpstreamReply } from './upstream-transport.js';

/** A first attempt lost to the keep-alive race (see StaleSocketWatch): the one failure sent again. */
export class StaleConnectionFailure extends Error {
  constructor(readonly failure: unknown) {
    super('The pooled connection to the upstream was closed before it answered.');
  }
}

/**
 * Runs `attempt` on a pooled connection and, when that fails with a StaleConnectionFailure (the
 * upstream never saw the request), once more on a connection of its own: not one more pooled
 * connection, which may be stale too. A POST to a model is not idempotent: nothing else is retried.
 */
export async function openWithStaleConnectionRetry(
  url: string,
  signal: AbortSignal,
  attempt: (freshConnection: boolean) => Promise<UpstreamReply>,
): Promise<UpstreamReply> {
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof StaleConnectionFailure)) throw error;
    if (signal.aborted) throw toUpstreamTransportError(error.failure, url);
  }
  try {
    return await attempt(true);
  } catch (error) {
    throw error instanceof StaleConnectionFailure ? toUpstreamTransportError(error.failure, url) : error;
  }
}

/** The request body as sent: a string as-is, a JSON value serialised once. */
export function requestBodyText(request: UpstreamRequestV1): string | undefined {
  return request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
}
