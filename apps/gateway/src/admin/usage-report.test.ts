import { describe, expect, it } from '@jest/globals';
import { parseUsageQuery } from './usage-report.js';

describe('parseUsageQuery', () => {
  it('reads an empty limit (a blank form field, `?limit=`) as the default, not as zero records', () => {
    expect(parseUsageQuery({ limit: '' }).limit).toBe(100);
    expect(parseUsageQuery({}).limit).toBe(100);
    expect(parseUsageQuery({ limit: '0' }).limit).toBe(0);
    expect(() => parseUsageQuery({ limit: 'ten' })).toThrow("Invalid value for 'limit'");
  });
});
