/**
 * For an upstream whose streams are not Server-Sent Events (AWS's binary
 * `application/vnd.amazon.eventstream`): turns a successful stream's bytes into SSE text, as they
 * arrive, before the gateway's relays and the provider's stream translator read them. A frame that
 * carries an error should become the SSE error event of the dialect the provider speaks; a body
 * that cannot be read (a bad checksum, a cut frame) should throw.
 */
export interface UpstreamStreamDecoderV1 {
  decode(body: AsyncIterable<Uint8Array>): AsyncIterable<string>;
}
