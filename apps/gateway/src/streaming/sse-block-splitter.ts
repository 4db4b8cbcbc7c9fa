/**
 * Cuts an event stream into its raw blocks, each one event (or comment) with the blank line that
 * ends it, exactly as the upstream wrote it, so a relay can forward the upstream's bytes. Lines may
 * end with `\n`, `\r\n` or `\r`; a `\r` at the end of a piece waits for the next piece, since it may
 * be the first half of `\r\n`.
 */
export class SseBlockSplitter {
  private buffer = '';

  push(text: string): string[] {
    this.buffer += text;
    const blocks: string[] = [];
    let blockStart = 0;
    let lineStart = 0;
    let index = 0;
    const input = this.buffer;
    while (index < input.length) {
      const character = input.charCodeAt(index);
      if (character !== 10 && character !== 13) {
        index++;
        continue;
      }
      if (character === 13 && index + 1 === input.length) break;
      const lineEnd = character === 13 && input.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;
      // A blank line ends the block; a stray one before any field stays at the head of the next block.
      if (index === lineStart && index > blockStart) {
        blocks.push(input.slice(blockStart, lineEnd));
        blockStart = lineEnd;
      }
      index = lineEnd;
      lineStart = lineEnd;
    }
    this.buffer = input.slice(blockStart);
    return blocks;
  }

  /** What is left when the upstream ends: an event it did not terminate with a blank line, or ''. */
  end(): string {
    const rest = this.buffer;
    this.buffer = '';
    return rest;
  }
}
