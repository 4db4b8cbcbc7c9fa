import { describe, expect, it } from '@jest/globals';
import { formatPrice } from './format-catalog-values.js';

describe('formatPrice', () => {
  it('shows cents, a tenth of a cent below a dollar, and a tenth of a cent where cents would round (issue 32)', () => {
    expect(formatPrice(15)).toBe('$15.00');
    expect(formatPrice(3.3)).toBe('$3.30');
    expect(formatPrice(0.33)).toBe('$0.330');
    // 10% over Anthropic's $3.75 cache write: Bedrock's US profile, not $4.13.
    expect(formatPrice(4.125)).toBe('$4.125');
    expect(formatPrice(undefined)).toBe('–');
  });
});
