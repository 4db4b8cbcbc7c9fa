import type { Readable } from 'node:stream';
import { upstreamProtocolError } from '@modelgate/core';
import { readUpstreamText } from '../transport/upstream-transport.js';

/** A whole non-streamed upstream answer: its text as received, and that text parsed (502 when it is not JSON). */
export async function readUpstreamJson(body: Readable, url: string): Promise<{ text: string; parsed: unknown }> {
  const text = await readUpstreamText(body, url);
  try {
    return { text, parsed: JSON.parse(text) as unknown };
  } catch (error) {
    throw upstreamProtocolError('The upstream answered with a body that is not JSON.', error);
  }
}
