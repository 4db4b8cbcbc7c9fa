import { describe, expect, it } from '@jest/globals';
import { insufficientQuota, rateLimitExceeded } from './rate-limit-errors.js';

describe('the limits’ errors carry the kind retries will decide on', () => {
  it('marks an exhausted budget as insufficient_quota (no retry helps), a window as rate_limited', () => {
    expect(insufficientQuota('day')).toMatchObject({ status: 429, kind: 'insufficient_quota' });
    expect(rateLimitExceeded({ admitted: false, refusedBy: 'requests', retryAfterMs: 2_000, requests: { limit: 1, remaining: 0, resetMs: 2_000 } }, 'm')).toMatchObject({
      status: 429,
      kind: 'rate_limited',
      headers: expect.objectContaining({ 'retry-after': '2' }),
    });
  });
});
