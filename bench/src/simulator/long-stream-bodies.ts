import { anthropicMessageStreamEvents } from './anthropic-canned-bodies.js';
import { cannedDeltas, LONG_STREAM_DELTAS, LONG_USAGE, openingEventCount } from './canned-text.js';
import { openaiChatStreamEvents } from './openai-canned-bodies.js';

/**
 * A long stream is written as its opening events up to the first text delta, then, after a
 * pause, the rest in pieces of this many events, one piece per event-loop turn: the proxy reads it
 * as a stream arriving over time (about 200 reads), as a vendor's stream arrives, rather than as
 * one 500 KB buffer it could parse in a few large reads.
 */
export const EVENTS_PER_WRITE = 10;

/**
 * The pause after the first text delta, in which the client (on the simulator's core) reads it, so
 * the time to first byte is the proxy's and not the simulator's burst of writes. The opening
 * piece runs to the first text, not just the first event: Modelgate holds its answer's headers
 * until a chunk carries content (a role alone does not), so a vendor error before any content can
 * still get its own status.
 */
export const FIRST_PIECE_PAUSE_MS = 2;

export interface LongStream {
  /** The opening events through the first text delta. */
  readonly firstPiece: Buffer;
  readonly pieces: readonly Buffer[];
}

function longStream(events: readonly string[]): LongStream {
  const opening = openingEventCount(events);
  const pieces: Buffer[] = [];
  for (let start = opening; start < events.length; start += EVENTS_PER_WRITE) pieces.push(Buffer.from(events.slice(start, start + EVENTS_PER_WRITE).join('')));
  return { firstPiece: Buffer.from(events.slice(0, opening).join('')), pieces };
}

const deltas = cannedDeltas(LONG_STREAM_DELTAS);

/** An OpenAI chat stream of 2,000 content chunks (plus role, finish, usage and `[DONE]`), encoded once. */
export const OPENAI_LONG_STREAM = longStream(openaiChatStreamEvents(deltas, LONG_USAGE));

/** A Messages stream of 2,000 `content_block_delta`s, encoded once. */
export const ANTHROPIC_LONG_STREAM = longStream(anthropicMessageStreamEvents(deltas, LONG_USAGE));
