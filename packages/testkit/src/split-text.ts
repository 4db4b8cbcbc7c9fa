/** Cuts text into pieces of at most `size` code points, so a surrogate pair is never split. */
export function splitEvery(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) {
    pieces.push(codePoints.slice(start, start + size).join(''));
  }
  return pieces;
}

/**
 * Splits text into small pieces the way a model streams tokens: each piece is one word with its
 * leading whitespace, and words longer than `maxPieceLength` are cut further. Joining the pieces
 * gives back the text.
 */
export function splitText(text: string, maxPieceLength = 6): string[] {
  const words = text.match(/\s*\S+|\s+$/gu) ?? [];
  return words.flatMap((word) => splitEvery(word, maxPieceLength));
}
