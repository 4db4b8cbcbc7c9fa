import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '@modelgate/core';
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDelayMs } from './retry-policy.js';

const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 2_000 };
const failure = (headers: Record<string, string> = {}) => new GatewayError({ status: 429, message: 'slow down', headers });

describe('retry delays', () => {
  it('tries another deployment at once', () => {
    expect(retryDelayMs(policy, 1, failure({ 'retry-after': '1' }), false)).toBe(0);
  });

  it('backs off exponentially with jitter on the same deployment, up to the cap', () => {
    expect([1, 2, 3].map((retry) => retryDelayMs(policy, retry, failure(), true, () => 1))).toEqual([100, 200, 400]);
    expect(retryDelayMs(policy, 3, failure(), true, () => 0)).toBe(200);
    expect(retryDelayMs(policy, 9, failure(), true, () => 1)).toBe(1_000);
  });

  it("waits at least the upstream's retry-after, and not at all past the cap", () => {
    expect(retryDelayMs(policy, 1, failure({ 'retry-after': '1' }), true, () => 1)).toBe(1_000);
    expect(retryDelayMs(policy, 1, failure({ 'retry-after': '3' }), true)).toBeUndefined();
  });

  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(retryAfterMs(failure({ 'retry-after': '2.5' }))).toBe(2_500);
    expect(retryAfterMs(failure({ 'retry-after': new Date(61_000).toUTCString() }), 1_000)).toBe(60_000);
    expect(retryAfterMs(failure())).toBeUndefined();
  });
});
