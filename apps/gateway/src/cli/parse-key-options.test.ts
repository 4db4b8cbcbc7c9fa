import { describe, expect, it } from '@jest/globals';
import { toCreateKeyInput } from './parse-key-options.js';

const NOW = Date.parse('2026-11-27T06:00:00Z');

describe('keys create --expires', () => {
  it('takes a number of days from now, or a later date-time', () => {
    expect(toCreateKeyInput({ name: 'a', expires: '30d' }, NOW).expiresAt).toBe('2026-12-27T06:00:00.000Z');
    expect(toCreateKeyInput({ name: 'a', expires: '2027-01-01T00:00:00Z' }, NOW).expiresAt).toBe('2027-01-01T00:00:00Z');
  });

  it('refuses a date-time in the past, or 0d: the key would be issued expired', () => {
    expect(() => toCreateKeyInput({ name: 'a', expires: '2025-11-27' }, NOW)).toThrow('--expires 2025-11-27 is in the past (now is 2026-11-27T06:00:00.000Z)');
    expect(() => toCreateKeyInput({ name: 'a', expires: '0d' }, NOW)).toThrow('--expires 0d would issue a key that is already expired');
  });
});
