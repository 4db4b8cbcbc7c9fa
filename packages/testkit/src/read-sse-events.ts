import { SseParser, type SseEvent } from '@modelgate/core';

/** Reads a fetch response's event stream to its end. Rejects when the connection breaks mid-stream. */
export async function readSseEvents(response: Response): Promise<SseEvent[]> {
  if (response.body === null) return [];
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  for await (const bytes of response.body) {
    events.push(...parser.push(decoder.decode(bytes, { stream: true })));
  }
  events.push(...parser.push(decoder.decode()), ...parser.end());
  return events;
}
