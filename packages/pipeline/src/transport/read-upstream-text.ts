import { GatewayError } from '@modelgate/core';
import { toUpstreamTransportError, upstreamResponseTooLarge } from './upstream-transport-errors.js';
import type { UpstreamReply } from './upstream-transport.js';
import { readStreamBytes, StreamLimitExceeded } from '../http/read-stream-bytes.js';

/**
 * Collects a whole (non-streamed) body, success or error, counting its bytes as they arrive: past
 * `maxResponseBytes` the upstream request is destroyed at once (nothing more is read) and the
 * answer is a 502. Network failures on the way become gateway errors.
 */
export async function readUpstreamText(reply: UpstreamReply, url: string): Promise<string> {
  try {
    return (await readStreamBytes(reply.body, reply.limits.maxResponseBytes)).toString('utf8');
  } catch (error) {
    if (error instanceof StreamLimitExceeded) throw upstreamResponseTooLarge(url, error.limit);
    throw GatewayError.isInstance(error) ? error : toUpstreamTransportError(error, url, true);
  }
}
