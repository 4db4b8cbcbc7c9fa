import type { CompletionUsage } from '@modelgate/core';

/** More tokens than any one request can use: a count above it is an upstream's bug, not usage. */
export const MAX_TOKEN_COUNT = 1_000_000_000;

/** An integer from 0 to MAX_TOKEN_COUNT: anything else from an upstream cannot be billed or stored. */
export function isTokenCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_TOKEN_COUNT;
}

export interface TokenEstimate {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface CountedTokens {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  /** Prompt tokens written to the vendor's prompt cache (Anthropic's `cache_creation_input_tokens`); 0 when not reported. */
  readonly cacheWriteTokens: number;
  /** Of those, the ones written for an hour (Anthropic's `ephemeral_1h_input_tokens`), priced apart. */
  readonly cacheWrite1hTokens: number;
  readonly reasoningTokens: number;
  readonly tokensEstimated: boolean;
  /** The upstream's counts that could not be used, by field, replaced by estimates (cached and reasoning: 0). */
  readonly unusable: Readonly<Record<string, unknown>>;
}

interface UntrustedUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  prompt_tokens_details?: { cached_tokens?: unknown; cache_write_tokens?: unknown; cache_write_1h_tokens?: unknown } | null;
  completion_tokens_details?: { reasoning_tokens?: unknown } | null;
}

/**
 * The tokens a request is charged, for its record, its cost and TPM. The upstream's usage when it
 * sent one, each count checked (see `isTokenCount`; cached ≤ prompt, reasoning ≤ completion): the
 * upstream's JSON is not to be trusted with billing. Without usage, the estimate when the upstream
 * worked on the request, else nothing. Estimated counts mark the record `tokensEstimated`.
 */
export function countTokens(usage: CompletionUsage | undefined, estimate: () => TokenEstimate, upstreamWorked: boolean): CountedTokens {
  if (!usage) {
    const { promptTokens, completionTokens } = upstreamWorked ? estimate() : { promptTokens: 0, completionTokens: 0 };
    return { promptTokens, completionTokens, cachedTokens: 0, cacheWriteTokens: 0, cacheWrite1hTokens: 0, reasoningTokens: 0, tokensEstimated: upstreamWorked, unusable: {} };
  }
  const reported = usage as UntrustedUsage;
  const unusable: Record<string, unknown> = {};
  let estimated: TokenEstimate | undefined;
  const count = (field: string, value: unknown, fallback: () => number): number => {
    if (isTokenCount(value)) return value;
    unusable[field] = value;
    return fallback();
  };
  const part = (field: string, value: unknown, whole: number): number => {
    if (value === undefined || value === null) return 0;
    if (isTokenCount(value) && value <= whole) return value;
    unusable[field] = value;
    return 0;
  };
  const promptTokens = count('prompt_tokens', reported.prompt_tokens, () => (estimated ??= estimate()).promptTokens);
  const completionTokens = count('completion_tokens', reported.completion_tokens, () => (estimated ??= estimate()).completionTokens);
  const cachedTokens = part('prompt_tokens_details.cached_tokens', reported.prompt_tokens_details?.cached_tokens, promptTokens);
  const cacheWriteTokens = part('prompt_tokens_details.cache_write_tokens', reported.prompt_tokens_details?.cache_write_tokens, promptTokens - cachedTokens);
  const cacheWrite1hTokens = part('prompt_tokens_details.cache_write_1h_tokens', reported.prompt_tokens_details?.cache_write_1h_tokens, cacheWriteTokens);
  const reasoningTokens = part('completion_tokens_details.reasoning_tokens', reported.completion_tokens_details?.reasoning_tokens, completionTokens);
  return { promptTokens, completionTokens, cachedTokens, cacheWriteTokens, cacheWrite1hTokens, reasoningTokens, tokensEstimated: Object.keys(unusable).length > 0, unusable };
}
