import { describe, expect, it } from '@jest/globals';
import { formatResetDuration, rateLimitHeaders } from './rate-limit-headers.js';

describe('rate-limit headers', () => {
  it('formats reset times the way OpenAI does', () => {
    expect(formatResetDuration(20)).toBe('20ms');
    expect(formatResetDuration(1_000)).toBe('1s');
    expect(formatResetDuration(59_780)).toBe('59.78s');
    expect(formatResetDuration(360_000)).toBe('6m0s');
    expect(formatResetDuration(-5)).toBe('0ms');
  });

  it('names only the limits the key has', () => {
    expect(rateLimitHeaders({ admitted: true, requests: { limit: 60, remaining: 59, resetMs: 1_000 } })).toEqual({
      'x-ratelimit-limit-requests': '60',
      'x-ratelimit-remaining-requests': '59',
      'x-ratelimit-reset-requests': '1s',
    });
  });
});
