import { upstreamProtocolError, type GatewayError, type GoogleGenerateContentResponse, type SseEvent, type StreamUsageReaderV1 } from '@modelgate/core';
import type { VerbatimStreamTracker } from '../../streaming/relay-verbatim-stream.js';
import type { GeminiStreamFraming } from './gemini-stream-framing.js';

/** Characters of text (thoughts included) and function-call arguments a chunk generated. */
function generatedLength(response: GoogleGenerateContentResponse): number {
  let length = 0;
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      if (typeof part.text === 'string') length += part.text.length;
      if (part.functionCall) length += JSON.stringify(part.functionCall.args ?? {}).length;
    }
  }
  return length;
}

/**
 * Reads a relayed Gemini stream (PROTOCOLS E.4): Gemini has no terminal event, so the stream is
 * complete at the chunk that gives a `finishReason` (or blocks the prompt, or is an error); the
 * usage is the provider's reader's (cumulative `usageMetadata`).
 */
export class GeminiStreamTracker implements VerbatimStreamTracker {
  readonly terminalEvents = 'a chunk with a finishReason';
  generatedCharacters = 0;
  private terminal = false;

  constructor(
    private readonly framing: GeminiStreamFraming,
    private readonly usageReader?: StreamUsageReaderV1,
  ) {}

  observe(event: SseEvent): void {
    let response: GoogleGenerateContentResponse & { error?: unknown };
    try {
      response = JSON.parse(event.data) as GoogleGenerateContentResponse & { error?: unknown };
    } catch (error) {
      throw upstreamProtocolError('The upstream sent a Gemini stream chunk whose data is not JSON.', error);
    }
    this.usageReader?.observe(event);
    this.generatedCharacters += generatedLength(response);
    const finished = response.candidates?.some((candidate) => typeof candidate.finishReason === 'string') === true;
    if (finished || response.promptFeedback?.blockReason !== undefined || response.error !== undefined) this.terminal = true;
  }

  get ended(): boolean {
    return this.terminal;
  }

  get usage() {
    return this.usageReader?.usage;
  }

  failureEvent(failure: GatewayError): string {
    return this.framing.failure(failure);
  }
}
