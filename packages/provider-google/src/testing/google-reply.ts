/**
 * One part of a scripted answer, as Gemini would generate it. `thoughtSignature` overrides the
 * signature the simulator mints by Google's rules (a string), or suppresses it (`false`).
 */
export type GoogleScriptedPart =
  | { text: string; thought?: boolean; thoughtSignature?: string | false }
  /** A generated image, as image models (`gemini-3.1-flash-image`, `gemini-3-pro-image`) answer with it. */
  | { inlineData: { mimeType: string; data: string }; thought?: boolean; thoughtSignature?: string | false }
  /** `id` defaults to a minted one on models that issue ids (Gemini 3+); `false` sends none. */
  | { functionCall: { id?: string | false; name: string; args?: Record<string, unknown> }; thoughtSignature?: string | false };

export interface GoogleScriptedUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

/**
 * One scripted answer of the Gemini simulator (one candidate). Without `parts` it echoes the last
 * user text. Signatures follow Google's rules (PROTOCOLS E.7) unless a part says otherwise:
 * parallel calls carry one, on the first call; an answer without calls carries one on its last part.
 */
export interface GoogleScriptedReply {
  parts?: GoogleScriptedPart[];
  /** Default `STOP`. `MALFORMED_FUNCTION_CALL` answers a candidate without content. */
  finishReason?: string;
  finishMessage?: string;
  /** The prompt is blocked: no candidates, `promptFeedback.blockReason` (HTTP 200). */
  blockReason?: string;
  /** Put the call signature on an empty text part of its own before the calls (third-party reports, E.7). */
  signatureOnSeparatePart?: boolean;
  /** Stream each function call in a chunk of its own (default: all calls of the answer in one chunk). */
  callsInSeparateChunks?: boolean;
  /** End the stream with a chunk that carries only `usageMetadata` (seen with search and thinking, E.4). */
  trailingMetadataChunk?: boolean;
  usage?: GoogleScriptedUsage;
}
