/** One Server-Sent Event as defined by the WHATWG event-stream format. */
export interface SseEvent {
  /** The `event:` field, when the stream names its events (Anthropic, Responses); undefined otherwise. */
  event?: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  id?: string;
  retry?: number;
}
