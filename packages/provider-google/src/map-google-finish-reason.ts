import { GatewayError, type FinishReason, type GoogleCandidate, type GoogleFinishReason } from '@modelgate/core';

/** `error`: the candidate is no usable answer (no content, or a call that cannot be run) and must not pass as an empty `stop`. */
type MappedFinish = FinishReason | 'error';

/**
 * PROTOCOLS F.7, typed over every documented reason so a new one is a compile error here. `STOP`
 * becomes `tool_calls` when the candidate called a function (Gemini never says so itself).
 */
const FINISH_BY_GOOGLE_REASON: Readonly<Record<GoogleFinishReason, MappedFinish>> = {
  FINISH_REASON_UNSPECIFIED: 'stop',
  STOP: 'stop',
  OTHER: 'stop',
  NO_IMAGE: 'stop',
  IMAGE_OTHER: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  LANGUAGE: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  IMAGE_PROHIBITED_CONTENT: 'content_filter',
  IMAGE_RECITATION: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
  TOO_MANY_TOOL_CALLS: 'error',
  // js-genai's FinishReason (2026): the model stopped because a signature was missing, or produced
  // a response it could not form; neither candidate is an answer (PROTOCOLS F.7).
  MISSING_THOUGHT_SIGNATURE: 'error',
  MALFORMED_RESPONSE: 'error',
};

/**
 * Gemini `finishReason` → OpenAI `finish_reason`, or `error`. A reason Google adds later is unknown
 * here and counts as `error`: a visible failure naming it, never an empty `stop`.
 */
export function mapGoogleFinishReason(reason: string | undefined, calledFunctions: boolean): MappedFinish {
  const mapped = (FINISH_BY_GOOGLE_REASON as Readonly<Record<string, MappedFinish>>)[reason ?? 'FINISH_REASON_UNSPECIFIED'] ?? 'error';
  return mapped === 'stop' && calledFunctions ? 'tool_calls' : mapped;
}

/**
 * A candidate Gemini ended without a usable answer (HTTP 200, no content, the reason in
 * `finishMessage`): a 502 naming it, before or after the stream started, never an empty `stop`.
 */
export function unusableCandidateError(candidate: GoogleCandidate): GatewayError {
  const reason = candidate.finishReason ?? 'an unknown reason';
  const detail = candidate.finishMessage ? `: ${candidate.finishMessage}` : '';
  return new GatewayError({
    status: 502,
    kind: 'server',
    type: 'server_error',
    code: reason.toLowerCase(),
    message: `Gemini ended the answer without a usable result (${reason})${detail}`,
  });
}

/** The finish of a candidate, throwing for one that must not pass as an answer. */
export function finishOf(candidate: GoogleCandidate, calledFunctions: boolean): FinishReason {
  const mapped = mapGoogleFinishReason(candidate.finishReason, calledFunctions);
  if (mapped === 'error') throw unusableCandidateError(candidate);
  return mapped;
}
