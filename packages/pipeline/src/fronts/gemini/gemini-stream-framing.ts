import { formatSseData, type GatewayError } from '@modelgate/core';
import { geminiErrorOf } from './gemini-conventions.js';

/**
 * How a Gemini stream reaches its client (PROTOCOLS E.1): SSE (`alt=sse`: one `data:` event per
 * `GenerateContentResponse`, what the SDKs and Gemini CLI ask for), or, without `alt=sse`, one JSON
 * array whose elements are those responses, written as they come (`[{…}` then `,\r\n{…}`, `]`).
 * An error after the answer started is the last element (Google's `{"error":{…}}`).
 */
export class GeminiStreamFraming {
  /** The client's stream headers when it is a JSON array (Google answers it as JSON); none for SSE. */
  static headersFor(sse: boolean): Readonly<Record<string, string>> | undefined {
    return sse ? undefined : { 'content-type': 'application/json; charset=utf-8' };
  }

  private opened = false;

  constructor(readonly sse: boolean) {}

  /** One response, serialized. */
  element(json: string): string {
    if (this.sse) return formatSseData(json);
    const text = `${this.opened ? ',\r\n' : '['}${json}`;
    this.opened = true;
    return text;
  }

  /** The stream's last bytes. */
  end(): string {
    if (this.sse) return '';
    return this.opened ? ']' : '[]';
  }

  /** A failure after the answer started, in Google's envelope, and the end. */
  failure(error: GatewayError): string {
    return this.element(JSON.stringify(geminiErrorOf(error).body)) + this.end();
  }
}
