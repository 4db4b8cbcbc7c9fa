import { describe, expect, it } from '@jest/globals';
import { matchesModelPattern } from './match-model-pattern.js';

describe('matchesModelPattern', () => {
  it('matches exact ids and globs, escaping regex characters', () => {
    expect(matchesModelPattern('gpt-4.1', 'gpt-4.1')).toBe(true);
    expect(matchesModelPattern('gpt-4.1', 'gpt-441')).toBe(false);
    expect(matchesModelPattern('gpt-*', 'gpt-4.1-mini')).toBe(true);
    expect(matchesModelPattern('gpt-*', 'chatgpt-4o')).toBe(false);
    expect(matchesModelPattern('claude-*-4-5', 'claude-sonnet-4-5')).toBe(true);
    expect(matchesModelPattern('a.b*', 'axb')).toBe(false);
  });
});
