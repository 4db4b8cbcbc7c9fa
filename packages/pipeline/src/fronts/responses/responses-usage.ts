import type { CompletionUsage, ResponsesUsage } from '@modelgate/core';

/** Responses usage in the gateway's accounting shape: input → prompt, output → completion (PROTOCOLS F.8). */
export function toCompletionUsage(usage: ResponsesUsage): CompletionUsage {
  return {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.total_tokens ?? usage.input_tokens + usage.output_tokens,
    prompt_tokens_details: { cached_tokens: usage.input_tokens_details?.cached_tokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.output_tokens_details?.reasoning_tokens ?? 0 },
  };
}

/** The usage of a non-streamed answer (a response, or a `response.compaction`), when it has one. */
export function usageOf(body: unknown): CompletionUsage | undefined {
  const usage = (body as { usage?: ResponsesUsage | null } | null)?.usage;
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined;
  return toCompletionUsage(usage);
}

/**
 * The gateway's usage as a Responses `usage`, all five integers present (PROTOCOLS F.13, C.6: Codex
 * fails to parse partial detail objects): cached ⊆ input, reasoning ⊆ output.
 */
export function responsesUsageFromCompletion(usage: CompletionUsage | undefined): Required<ResponsesUsage> {
  const input = usage?.prompt_tokens ?? 0;
  const output = usage?.completion_tokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: usage?.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0 },
    total_tokens: usage?.total_tokens ?? input + output,
  };
}
