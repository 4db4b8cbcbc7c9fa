import type { IncomingHttpHeaders } from 'node:http';

/** One request exactly as a simulator received it, so tests can assert what the gateway sent. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string, as sent (not URL-decoded). */
  path: string;
  /** Query parameters; when a name repeats, the last value wins. */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** `rawBody` parsed as JSON, or undefined when it is empty or not JSON. */
  body: unknown;
}
