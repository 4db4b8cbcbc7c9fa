import { describe, expect, it } from '@jest/globals';
import { mintRecordId, randomHex } from './random-ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('mintRecordId', () => {
  it('makes RFC 9562 version 7 ids that carry their millisecond and sort by it', () => {
    const id = mintRecordId(0x0192_3456_789a);
    expect(id).toMatch(UUID_V7);
    expect(id.startsWith('01923456-789a-7')).toBe(true);
    expect(mintRecordId(1_000) < mintRecordId(2_000)).toBe(true);
  });

  it('never repeats across several refills of its random pool', () => {
    const ids = Array.from({ length: 3_000 }, () => mintRecordId(1_764_000_000_000));
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('randomHex', () => {
  it('gives the bytes asked for as hex, different every time, across refills of the pool', () => {
    const values = Array.from({ length: 2_000 }, () => randomHex(16));
    for (const value of values) expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(values).size).toBe(values.length);
  });
});
