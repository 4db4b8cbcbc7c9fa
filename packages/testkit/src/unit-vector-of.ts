import { createHash } from 'node:crypto';

/**
 * A deterministic unit vector of `length` values for a text (SHA-256 blocks read as 16-bit
 * integers, then normalised): simulators' embeddings, so the same text always embeds the same and
 * tests can compare vectors across encodings and calls.
 */
export function unitVectorOf(text: string, length: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < length; block++) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let offset = 0; offset < digest.length && values.length < length; offset += 2) values.push(digest.readInt16LE(offset) / 32768);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}
