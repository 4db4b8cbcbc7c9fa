import { upstreamProtocolError } from '../errors/gateway-errors.js';
import type { SseEvent } from './sse-event.js';

export interface SseParserOptions {
  /**
   * Largest event accepted, in UTF-8 bytes of its lines (line endings included), counted as the
   * text arrives; past it `push` throws a 502 `upstream_protocol_error`. Unbounded when absent.
   */
  readonly maxEventBytes?: number;
}

/**
 * An incremental event-stream parser: feed it text as it arrives, get back the events completed so
 * far. Accepts `\n`, `\r\n` and `\r` line endings (and so `\n\n`, `\r\n\r\n`, `\r\r` separators),
 * ignores comment lines, and never loses a partial line between feeds. Each piece is scanned once
 * (a partial line is kept in the pieces it came in and joined when it ends), so the work is linear
 * in the stream's size however the upstream cuts it. After it has thrown, a parser is not reused.
 */
export class SseParser {
  private readonly maxEventBytes: number;
  private lineParts: string[] = [];
  private pendingCarriageReturn = false;
  /** Bytes of the event being read, since the blank line that ended the previous one. */
  private eventBytes = 0;
  private dataLines: string[] = [];
  private eventName: string | undefined;
  private lastId: string | undefined;
  private retry: number | undefined;

  constructor(options: SseParserOptions = {}) {
    this.maxEventBytes = options.maxEventBytes ?? Number.POSITIVE_INFINITY;
  }

  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    if (text.length === 0) return events;
    let start = 0;
    let index = 0;
    if (this.pendingCarriageReturn && text.charCodeAt(0) === 10) {
      this.count('\n');
      start = index = 1;
    }
    this.pendingCarriageReturn = false;
    while (index < text.length) {
      const character = text.charCodeAt(index);
      if (character === 10 /* \n */ || character === 13 /* \r */) {
        let lineEnd = index + 1;
        if (character === 13) {
          if (lineEnd === text.length) this.pendingCarriageReturn = true;
          else if (text.charCodeAt(lineEnd) === 10) lineEnd++;
        }
        this.count(text.slice(start, lineEnd));
        this.endLine(text.slice(start, index), events);
        index = start = lineEnd;
        continue;
      }
      index++;
    }
    if (start < text.length) {
      const partialLine = text.slice(start);
      this.count(partialLine);
      this.lineParts.push(partialLine);
    }
    return events;
  }

  /** Completes an event the upstream did not terminate with a blank line. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.lineParts.length > 0) this.endLine('', events);
    this.dispatch(events);
    this.pendingCarriageReturn = false;
    return events;
  }

  /** Adds text of the current event to its size; throws once the event is over the limit. */
  private count(text: string): void {
    if (this.maxEventBytes === Number.POSITIVE_INFINITY) return;
    this.eventBytes += Buffer.byteLength(text, 'utf8');
    if (this.eventBytes > this.maxEventBytes) {
      throw upstreamProtocolError(`The upstream sent an event larger than ${this.maxEventBytes} bytes.`);
    }
  }

  private endLine(lastPart: string, events: SseEvent[]): void {
    let line = lastPart;
    if (this.lineParts.length > 0) {
      this.lineParts.push(lastPart);
      line = this.lineParts.join('');
      this.lineParts = [];
    }
    if (line.length === 0) {
      this.eventBytes = 0;
      this.dispatch(events);
      return;
    }
    this.processLine(line);
  }

  private processLine(line: string): void {
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
