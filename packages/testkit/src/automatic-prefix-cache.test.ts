import { describe, expect, it } from '@jest/globals';
import { AutomaticPrefixCache } from './automatic-prefix-cache.js';

const segment = (text: string, tokens: number) => ({ text, tokens });
const OPENAI = { minimumTokens: 1024, incrementTokens: 128, ttlMs: 300_000 };

describe('AutomaticPrefixCache', () => {
  it('reads the longest prefix an earlier request left, in the vendor steps, from the minimum on', () => {
    const cache = new AutomaticPrefixCache({ ...OPENAI, now: () => 0 });
    expect(cache.account('m', [segment('system', 1_100), segment('user 1', 200)])).toBe(0);
    // 1,300 tokens read: 1,024 and two whole steps of 128.
    expect(cache.account('m', [segment('system', 1_100), segment('user 1', 200), segment('answer 1', 30), segment('user 2', 40)])).toBe(1_024 + 2 * 128);
    expect(cache.account('m', [segment('system', 1_100), segment('another question', 50)])).toBe(1_024);
  });

  it('caches nothing below the minimum, nothing across scopes, and forgets after the time to live', () => {
    let now = 0;
    const cache = new AutomaticPrefixCache({ ...OPENAI, now: () => now });
    cache.account('m', [segment('short', 900)]);
    expect(cache.account('m', [segment('short', 900), segment('more', 900)])).toBe(0);
    cache.account('m', [segment('long', 2_000)]);
    expect(cache.account('other model', [segment('long', 2_000)])).toBe(0);
    now = 300_000;
    expect(cache.account('m', [segment('long', 2_000)])).toBe(0);
  });
});
