import type { ResponsesUsage } from '@modelgate/core';
import type { ScriptedUsage } from '@modelgate/provider-openai-compatible/testing';
import { estimateTokens } from '@modelgate/testkit';

/** Responses usage (PROTOCOLS B.2), estimated at four characters a token unless scripted. */
export function responsesUsage(inputCharacters: string, outputCharacters: string, scripted: ScriptedUsage = {}): ResponsesUsage {
  const inputTokens = scripted.promptTokens ?? estimateTokens(inputCharacters);
  const outputTokens = scripted.completionTokens ?? estimateTokens(outputCharacters);
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: scripted.cachedTokens ?? 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: scripted.reasoningTokens ?? 0 },
    total_tokens: inputTokens + outputTokens,
  };
}
