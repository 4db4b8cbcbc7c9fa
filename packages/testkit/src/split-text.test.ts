import { describe, expect, it } from '@jest/globals';
import { splitEvery, splitText } from './split-text.js';

describe('splitText', () => {
  it('splits into words with their leading whitespace and rejoins losslessly', () => {
    expect(splitText('Echo: hello world')).toEqual(['Echo:', ' hello', ' world']);
    const text = '  spaced\n\nout   text  ';
    expect(splitText(text).join('')).toBe(text);
  });

  it('cuts long words and never splits a surrogate pair', () => {
    expect(splitText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    const pieces = splitEvery('😀😀😀', 2);
    expect(pieces).toEqual(['😀😀', '😀']);
  });

  it('returns no pieces for empty text', () => {
    expect(splitText('')).toEqual([]);
  });
});
