import { GatewayError } from '@modelgate/core';
import type { LimitDecision } from './rate-limiter.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

/** The key limit that refused a request (the metrics' `limit` label). */
export type RefusingLimit = 'rpm' | 'tpm' | 'concurrency' | 'budget';

/** The limiter's refusal as the limit it names. */
export const REFUSED_BY: Readonly<Record<NonNullable<LimitDecision['refusedBy']>, RefusingLimit>> = { requests: 'rpm', tokens: 'tpm', concurrency: 'concurrency' };

const DESCRIPTIONS = {
  requests: (decision: LimitDecision) => `requests per minute (RPM): Limit ${decision.requests?.limit}`,
  tokens: (decision: LimitDecision) => `tokens per minute (TPM): Limit ${decision.tokens?.limit}, Remaining ${decision.tokens?.remaining}`,
  concurrency: () => 'concurrent requests',
} as const;

/** OpenAI's 429: type `requests` or `tokens`, code `rate_limit_exceeded`, `retry-after` in whole seconds. */
export function rateLimitExceeded(decision: LimitDecision, model: string): GatewayError {
  const refusedBy = decision.refusedBy ?? 'requests';
  const retryAfterSeconds = Math.max(1, Math.ceil((decision.retryAfterMs ?? 1000) / 1000));
  return new GatewayError({
    status: 429,
    type: refusedBy === 'tokens' ? 'tokens' : 'requests',
    code: 'rate_limit_exceeded',
    message: `Rate limit reached for ${model} on ${DESCRIPTIONS[refusedBy](decision)}. Please try again in ${retryAfterSeconds}s.`,
    headers: { ...rateLimitHeaders(decision), 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * OpenAI's 429 for a request that needs more tokens than the key's whole TPM limit: it could never
 * be admitted, so it carries no `retry-after` (the SDKs would otherwise retry it in vain).
 */
export function requestTooLargeForTpm(model: string, limit: number, estimate: { promptTokens: number; totalTokens: number }): GatewayError {
  return new GatewayError({
    status: 429,
    type: 'tokens',
    code: 'rate_limit_exceeded',
    message:
      `Request too large for ${model} on tokens per minute (TPM): Limit ${limit}, Requested ${estimate.totalTokens}. ` +
      'The input or output tokens must be reduced in order to run successfully. ' +
      `(A request counts its prompt, about ${estimate.promptTokens} tokens here, plus the most it may generate, ${estimate.totalTokens - estimate.promptTokens}: ` +
      "its max_tokens, else the model's output limit, for each of its n choices.)",
    headers: { 'x-ratelimit-limit-tokens': String(limit) },
  });
}

export function insufficientQuota(period: string): GatewayError {
  return new GatewayError({
    status: 429,
    type: 'insufficient_quota',
    code: 'insufficient_quota',
    // Not `rate_limited` (the status's default): waiting does not help, so nothing may retry it.
    kind: 'insufficient_quota',
    message: `You exceeded this API key's ${period === 'total' ? 'total' : `${period === 'day' ? 'daily' : 'monthly'}`} budget. Ask the gateway's operator to raise it.`,
  });
}
