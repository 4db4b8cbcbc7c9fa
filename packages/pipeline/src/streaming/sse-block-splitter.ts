import { upstreamProtocolError } from '@modelgate/core';

/**
 * Cuts an event stream into its raw blocks, each one event (or comment) with the blank line that
 * ends it, exactly as the upstream wrote it, so a relay can forward the upstream's bytes. Lines may
 * end with `\n`, `\r\n` or `\r`; a `\r` at the end of a piece waits for the next piece, since it may
 * be the first half of `\r\n`. Each piece is scanned once and an unfinished block is kept in the
 * pieces it came in (joined when it ends), so the work is linear in the stream's size. A block over
 * `maxBlockBytes` (UTF-8) throws a 502 `upstream_protocol_error` as soon as it passes the limit.
 */
export class SseBlockSplitter {
  private parts: string[] = [];
  /** Characters and UTF-8 bytes of the unfinished block held in `parts`. */
  private heldLength = 0;
  private heldBytes = 0;
  private lineIsEmpty = true;
  private heldCarriageReturn = false;

  constructor(private readonly maxBlockBytes = Number.POSITIVE_INFINITY) {}

  push(piece: string): string[] {
    const text = this.heldCarriageReturn ? `\r${piece}` : piece;
    this.heldCarriageReturn = false;
    const blocks: string[] = [];
    let blockStart = 0;
    let index = 0;
    while (index < text.length) {
      const character = text.charCodeAt(index);
      if (character !== 10 && character !== 13) {
        this.lineIsEmpty = false;
        index++;
        continue;
      }
      if (character === 13 && index + 1 === text.length) {
        this.heldCarriageReturn = true;
        break;
      }
      const lineEnd = character === 13 && text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;
      // A blank line ends the block; a stray one before any field stays at the head of the next block.
      if (this.lineIsEmpty && this.heldLength + index > blockStart) {
        blocks.push(this.takeBlock(text.slice(blockStart, lineEnd)));
        blockStart = lineEnd;
      }
      this.lineIsEmpty = true;
      index = lineEnd;
    }
    const restEnd = this.heldCarriageReturn ? text.length - 1 : text.length;
    if (restEnd > blockStart) this.hold(text.slice(blockStart, restEnd));
    return blocks;
  }

  /** What is left when the upstream ends: an event it did not terminate with a blank line, or ''. */
  end(): string {
    const rest = this.parts.join('') + (this.heldCarriageReturn ? '\r' : '');
    this.parts = [];
    this.heldLength = this.heldBytes = 0;
    this.lineIsEmpty = true;
    this.heldCarriageReturn = false;
    return rest;
  }

  private hold(part: string): void {
    this.parts.push(part);
    this.heldLength += part.length;
    this.heldBytes += this.measure(part);
    this.checkSize(this.heldBytes);
  }

  private takeBlock(lastPart: string): string {
    this.checkSize(this.heldBytes + this.measure(lastPart));
    const block = this.parts.length === 0 ? lastPart : this.parts.join('') + lastPart;
    this.parts = [];
    this.heldLength = this.heldBytes = 0;
    return block;
  }

  private measure(text: string): number {
    return this.maxBlockBytes === Number.POSITIVE_INFINITY ? 0 : Buffer.byteLength(text, 'utf8');
  }

  private checkSize(bytes: number): void {
    if (bytes > this.maxBlockBytes) throw upstreamProtocolError(`The upstream sent an event larger than ${this.maxBlockBytes} bytes.`);
  }
}
