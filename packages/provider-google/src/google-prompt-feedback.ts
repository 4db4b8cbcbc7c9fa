import type { GoogleGenerateContentResponse } from '@modelgate/core';

/**
 * The refusal a client reads when Gemini blocked the prompt itself (`promptFeedback.blockReason`,
 * no candidates, HTTP 200; PROTOCOLS E.3): the answer ends with `content_filter` and says why.
 */
export function blockedPromptRefusal(response: GoogleGenerateContentResponse): string | undefined {
  const feedback = response.promptFeedback;
  if (!feedback?.blockReason || (response.candidates?.length ?? 0) > 0) return undefined;
  const detail = feedback.blockReasonMessage ? `: ${feedback.blockReasonMessage}` : '';
  return `Gemini blocked the prompt (${feedback.blockReason})${detail}`;
}
