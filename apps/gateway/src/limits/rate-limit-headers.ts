import type { LimitDecision } from './rate-limiter.js';

/** OpenAI's duration style: `120ms`, `1s`, `6m0s`, `59.5s`. */
export function formatResetDuration(milliseconds: number): string {
  const rounded = Math.max(0, Math.ceil(milliseconds));
  if (rounded < 1000) return `${rounded}ms`;
  const minutes = Math.floor(rounded / 60_000);
  const seconds = Number(((rounded - minutes * 60_000) / 1000).toFixed(3));
  return minutes > 0 ? `${minutes}m${seconds}s` : `${seconds}s`;
}

/** `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`, for the limits the key has. */
export function rateLimitHeaders(decision: LimitDecision): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [resource, window] of [['requests', decision.requests], ['tokens', decision.tokens]] as const) {
    if (!window) continue;
    headers[`x-ratelimit-limit-${resource}`] = String(window.limit);
    headers[`x-ratelimit-remaining-${resource}`] = String(window.remaining);
    headers[`x-ratelimit-reset-${resource}`] = formatResetDuration(window.resetMs);
  }
  return headers;
}
