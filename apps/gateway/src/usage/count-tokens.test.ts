import { describe, expect, it } from '@jest/globals';
import { countTokens } from './count-tokens.js';

const estimate = () => ({ promptTokens: 1, completionTokens: 1 });

describe('countTokens: cache writes', () => {
  it('takes the cache-write count when it fits in the uncached part of the prompt', () => {
    const usage = { prompt_tokens: 1_000, completion_tokens: 5, total_tokens: 1_005, prompt_tokens_details: { cached_tokens: 200, cache_write_tokens: 800 } };
    expect(countTokens(usage, estimate, true)).toMatchObject({ cachedTokens: 200, cacheWriteTokens: 800, tokensEstimated: false });
  });

  it('refuses a cache-write count larger than the uncached prompt, and reports it', () => {
    const usage = { prompt_tokens: 1_000, completion_tokens: 5, total_tokens: 1_005, prompt_tokens_details: { cached_tokens: 200, cache_write_tokens: 900 } };
    expect(countTokens(usage, estimate, true)).toMatchObject({ cacheWriteTokens: 0, unusable: { 'prompt_tokens_details.cache_write_tokens': 900 } });
  });

  it('counts no cache writes for usage without them, or without usage', () => {
    expect(countTokens({ prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 }, estimate, true).cacheWriteTokens).toBe(0);
    expect(countTokens(undefined, estimate, true).cacheWriteTokens).toBe(0);
  });
});
