import { describe, expect, it } from '@jest/globals';
import { computeCost } from './compute-cost.js';

describe('cost', () => {
  it('prices uncached, cached and completion tokens per million', () => {
    const pricing = { input: 2, output: 8, cachedInput: 0.5 };
    expect(computeCost({ promptTokens: 1_000_000, cachedTokens: 0, completionTokens: 0 }, pricing)).toBe(2);
    expect(computeCost({ promptTokens: 1_000, cachedTokens: 400, completionTokens: 100 }, pricing)).toBeCloseTo((600 * 2 + 400 * 0.5 + 100 * 8) / 1e6, 12);
    expect(computeCost({ promptTokens: 1_000, cachedTokens: 1_000, completionTokens: 0 }, { input: 2, output: 8 })).toBeCloseTo(0.002, 12);
    expect(computeCost({ promptTokens: 1_000, cachedTokens: 0, completionTokens: 1_000 }, undefined)).toBe(0);
  });

  it('prices cache writes at the cache-write price, or the input price when the model has none', () => {
    const tokens = { promptTokens: 1_000, cachedTokens: 200, cacheWriteTokens: 300, completionTokens: 100 };
    expect(computeCost(tokens, { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 })).toBeCloseTo((500 * 3 + 200 * 0.3 + 300 * 3.75 + 100 * 15) / 1e6, 12);
    expect(computeCost(tokens, { input: 3, output: 15, cachedInput: 0.3 })).toBeCloseTo((800 * 3 + 200 * 0.3 + 100 * 15) / 1e6, 12);
  });

  it('prices 1-hour cache writes at their own price, falling back to the 5-minute write price', () => {
    const tokens = { promptTokens: 1_000, cachedTokens: 200, cacheWriteTokens: 300, cacheWrite1hTokens: 100, completionTokens: 100 };
    const pricing = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 };
    expect(computeCost(tokens, { ...pricing, cacheWrite1h: 6 })).toBeCloseTo((500 * 3 + 200 * 0.3 + 200 * 3.75 + 100 * 6 + 100 * 15) / 1e6, 12);
    expect(computeCost(tokens, pricing)).toBeCloseTo((500 * 3 + 200 * 0.3 + 300 * 3.75 + 100 * 15) / 1e6, 12);
  });

  it('bills every token at the long-context prices once the prompt is over their size', () => {
    const pricing = { input: 3, output: 15, cachedInput: 0.3, longContext: { aboveInputTokens: 200_000, input: 6, output: 22.5, cachedInput: 0.6 } };
    expect(computeCost({ promptTokens: 200_000, cachedTokens: 0, completionTokens: 1_000 }, pricing)).toBeCloseTo((200_000 * 3 + 1_000 * 15) / 1e6, 12);
    expect(computeCost({ promptTokens: 200_001, cachedTokens: 100_000, completionTokens: 1_000 }, pricing)).toBeCloseTo((100_001 * 6 + 100_000 * 0.6 + 1_000 * 22.5) / 1e6, 12);
  });
});
