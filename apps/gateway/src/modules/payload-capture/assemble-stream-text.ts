import type { StreamTap } from '@modelgate/pipeline';
import { splitSseBlocks } from '../guardrails/sse-blocks.js';
import type { DeltaReader } from '../guardrails/stream-text-deltas.js';

/**
 * A tap that changes nothing and keeps what a stream said, bounded: each lane's assembled text
 * (a choice, a content block) when the front's deltas are known, else the events themselves.
 */
export class StreamAssembler implements StreamTap {
  readonly lanes = new Map<string, string>();
  private raw = '';
  private kept = 0;
  truncated = false;

  constructor(
    private readonly readDelta: DeltaReader | undefined,
    private readonly maxChars: number,
  ) {}

  event(text: string): string {
    if (this.kept >= this.maxChars) {
      this.truncated = true;
      return text;
    }
    if (!this.readDelta) {
      this.keep(text, (piece) => (this.raw += piece));
      return text;
    }
    for (const block of splitSseBlocks(text)) {
      if (block.data === undefined || !block.data.startsWith('{')) continue;
      let data: unknown;
      try {
        data = JSON.parse(block.data);
      } catch {
        continue;
      }
      const delta = this.readDelta(data as Record<string, unknown>);
      if (delta) this.keep(delta.text, (piece) => this.lanes.set(delta.lane, (this.lanes.get(delta.lane) ?? '') + piece));
    }
    return text;
  }

  private keep(text: string, append: (piece: string) => void): void {
    const room = this.maxChars - this.kept;
    if (text.length > room) this.truncated = true;
    const piece = text.slice(0, room);
    this.kept += piece.length;
    append(piece);
  }

  /** What the stream said: `{ lanes: { <lane>: text } }`, or `{ events }` for a front without known deltas. */
  assembled(): object {
    return this.readDelta ? { stream: true, lanes: Object.fromEntries(this.lanes) } : { stream: true, events: this.raw };
  }
}
