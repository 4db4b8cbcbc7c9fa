import type { SseEvent } from './sse-event.js';

/**
 * An incremental event-stream parser: feed it text as it arrives, get back the events completed so
 * far. Accepts `\n`, `\r\n` and `\r` line endings (and so `\n\n`, `\r\n\r\n`, `\r\r` separators),
 * ignores comment lines, and never loses a partial line between feeds.
 */
export class SseParser {
  private buffer = '';
  private pendingCarriageReturn = false;
  private dataLines: string[] = [];
  private eventName: string | undefined;
  private lastId: string | undefined;
  private retry: number | undefined;

  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    let index = 0;
    const input = this.buffer + text;
    this.buffer = '';
    if (this.pendingCarriageReturn && input.startsWith('\n')) {
      start = index = 1;
    }
    this.pendingCarriageReturn = false;
    while (index < input.length) {
      const character = input.charCodeAt(index);
      if (character === 10 /* \n */ || character === 13 /* \r */) {
        this.processLine(input.slice(start, index), events);
        if (character === 13) {
          if (index + 1 === input.length) this.pendingCarriageReturn = true;
          else if (input.charCodeAt(index + 1) === 10) index++;
        }
        start = index + 1;
      }
      index++;
    }
    this.buffer = input.slice(start);
    return events;
  }

  /** Completes an event the upstream did not terminate with a blank line. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer.length > 0) this.processLine(this.buffer, events);
    this.buffer = '';
    this.dispatch(events);
    return events;
  }

  private processLine(line: string, events: SseEvent[]): void {
    if (line.length === 0) {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58 /* : comment */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    if (this.dataLines.length === 0) {
      this.eventName = undefined;
      return;
    }
    const event: SseEvent = { data: this.dataLines.join('\n') };
    if (this.eventName !== undefined) event.event = this.eventName;
    if (this.lastId !== undefined) event.id = this.lastId;
    if (this.retry !== undefined) event.retry = this.retry;
    events.push(event);
    this.dataLines = [];
    this.eventName = undefined;
  }
}
