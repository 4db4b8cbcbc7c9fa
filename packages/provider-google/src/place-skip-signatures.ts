import type { GoogleContent } from '@modelgate/core';

/**
 * Google's documented placeholder for a call whose signature is lost (history from another model
 * or a client that dropped it). The Gemini API also takes `context_engineering_is_the_way_to_go`;
 * Vertex only this one (PROTOCOLS E.7).
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** The current turn starts after the last user content with anything but function responses (E.7). */
export function currentTurnStart(contents: readonly GoogleContent[]): number {
  const lastUserText = contents.findLastIndex((content) => content.role === 'user' && content.parts.some((part) => part.functionResponse === undefined));
  return lastUserText + 1;
}

/**
 * Gemini 3 validates the signatures of the current turn: the first `functionCall` part of each
 * model content (a step) must carry its own. Where the client's history has none, the placeholder
 * goes there instead of letting Google answer 400. Older turns are not validated and stay as sent.
 */
export function placeSkipSignatures(contents: GoogleContent[]): void {
  for (const content of contents.slice(currentTurnStart(contents))) {
    if (content.role !== 'model') continue;
    const firstCall = content.parts.find((part) => part.functionCall !== undefined);
    if (firstCall && firstCall.thoughtSignature === undefined) firstCall.thoughtSignature = SKIP_THOUGHT_SIGNATURE;
  }
}
