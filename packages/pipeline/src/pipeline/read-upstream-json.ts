import { upstreamProtocolError } from '@modelgate/core';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import type { UpstreamReply } from '../transport/upstream-transport.js';

/**
 * A whole non-streamed upstream answer: its text as received, and that text parsed (502 when it is
 * not JSON, or larger than `upstream.maxResponseBytes`).
 */
export async function readUpstreamJson(reply: UpstreamReply, url: string): Promise<{ text: string; parsed: unknown }> {
  const text = await readUpstreamText(reply, url);
  try {
    return { text, parsed: JSON.parse(text) as unknown };
  } catch (error) {
    throw upstreamProtocolError('The upstream answered with a body that is not JSON.', error);
  }
}
