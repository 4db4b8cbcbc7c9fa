import { CANNED_DELTAS, CANNED_TEXT, CANNED_USAGE } from './canned-text.js';

// Gemini's wire format (PROTOCOLS E.3, E.4): `generateContent` answers one GenerateContentResponse,
// pretty-printed as the REST API prints it; `streamGenerateContent?alt=sse` sends one compact
// GenerateContentResponse per `data:` event, framed with CRLF, holding only the new text, with
// cumulative `usageMetadata` on every chunk (full counts on the last, which carries `finishReason`)
// and no `[DONE]`.

const identity = { modelVersion: 'gemini-bench', responseId: 'bench-response-id' };
const promptTokensDetails = [{ modality: 'TEXT', tokenCount: CANNED_USAGE.input_tokens }];
const promptUsage = { promptTokenCount: CANNED_USAGE.input_tokens, totalTokenCount: CANNED_USAGE.input_tokens, promptTokensDetails };
const fullUsage = {
  promptTokenCount: CANNED_USAGE.input_tokens,
  candidatesTokenCount: CANNED_USAGE.output_tokens,
  totalTokenCount: CANNED_USAGE.input_tokens + CANNED_USAGE.output_tokens,
  promptTokensDetails,
};

function candidate(text: string, finished: boolean): object {
  return { content: { parts: [{ text }], role: 'model' }, ...(finished ? { finishReason: 'STOP' } : {}), index: 0 };
}

/** A complete `generateContent` answer. */
export const GEMINI_GENERATE_JSON = JSON.stringify({ candidates: [candidate(CANNED_TEXT, true)], usageMetadata: fullUsage, ...identity }, null, 2);

function sseEvent(payload: object): string {
  return `data: ${JSON.stringify(payload)}\r\n\r\n`;
}

function streamChunk(text: string, last: boolean): string {
  return sseEvent({ candidates: [candidate(text, last)], usageMetadata: last ? fullUsage : promptUsage, ...identity });
}

/** The events of the stream: one per text delta, the last one finished. */
const streamEvents = CANNED_DELTAS.map((text, index) => streamChunk(text, index === CANNED_DELTAS.length - 1));

/** The first chunk, which carries the first text: what a held stream sends. */
export const GEMINI_OPENING = streamEvents[0]!;

export const GEMINI_STREAM = streamEvents.join('');
