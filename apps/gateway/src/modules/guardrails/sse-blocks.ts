import { formatSseData } from '@modelgate/core';

/** One SSE event of the text a stream tap sees: its name, its data, and its text as it came. */
export interface SseBlock {
  readonly raw: string;
  readonly event?: string;
  readonly data?: string;
}

/** The events in a tap's text (one upstream event, or what one hub chunk became). */
export function splitSseBlocks(text: string): SseBlock[] {
  const blocks: SseBlock[] = [];
  for (const part of text.split(/(?<=\n\n)/)) {
    if (part.trim() === '') {
      if (part) blocks.push({ raw: part });
      continue;
    }
    let event: string | undefined;
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    blocks.push({ raw: part, event, data: data.length > 0 ? data.join('\n') : undefined });
  }
  return blocks;
}

/** An event with its name (when it had one) and new JSON data. */
export function formatSseBlock(event: string | undefined, data: unknown): string {
  return `${event ? `event: ${event}\n` : ''}${formatSseData(JSON.stringify(data))}`;
}
