import { GatewayError } from '@modelgate/core';
import { toUpstreamTransportError, upstreamResponseTooLarge } from './upstream-transport-errors.js';
import type { UpstreamReply } from './upstream-transport.js';

/**
 * Collects a whole (non-streamed) body, success or error, counting its bytes as they arrive: past
 * `maxResponseBytes` the upstream request is destroyed at once (nothing more is read) and the
 * answer is a 502. Network failures on the way become gateway errors.
 */
export async function readUpstreamText(reply: UpstreamReply, url: string): Promise<string> {
  const { body, limits } = reply;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > limits.maxResponseBytes) {
        body.destroy();
        throw upstreamResponseTooLarge(url, limits.maxResponseBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw GatewayError.isInstance(error) ? error : toUpstreamTransportError(error, url, true);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
