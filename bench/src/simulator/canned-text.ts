/** How many text deltas a normal canned stream has, and a long one (the long-stream scenarios). */
export const SHORT_STREAM_DELTAS = 20;
export const LONG_STREAM_DELTAS = 2_000;

/** One delta of a canned answer: a few words, numbered so the last one proves the whole answer came through. */
export function cannedDelta(index: number): string {
  return `word${index} and more `;
}

/** The deltas of a canned answer, in order. */
export function cannedDeltas(count: number): string[] {
  return Array.from({ length: count }, (_, index) => cannedDelta(index));
}

/** The answer every short canned body spells out, cut into stream deltas of a few words each. */
export const CANNED_DELTAS: readonly string[] = cannedDeltas(SHORT_STREAM_DELTAS);

export const CANNED_TEXT = CANNED_DELTAS.join('');

export interface CannedUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
}

export const CANNED_USAGE: CannedUsage = { input_tokens: 12, output_tokens: 60 };

/** Three tokens a delta, as the short answer counts them. */
export const LONG_USAGE: CannedUsage = { input_tokens: 12, output_tokens: 3 * LONG_STREAM_DELTAS };

/** How many of a stream's events open it, through its first text delta. */
export function openingEventCount(events: readonly string[]): number {
  return events.findIndex((event) => event.includes(cannedDelta(0))) + 1;
}

/** A stream's opening events, through its first text delta, joined: what a held stream sends before it goes quiet. */
export function openingThroughFirstDelta(events: readonly string[]): string {
  return events.slice(0, openingEventCount(events)).join('');
}
