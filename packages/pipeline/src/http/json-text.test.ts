import { describe, expect, it } from '@jest/globals';
import { endOfJsonString, exceedsJsonDepth, topLevelMembers } from './json-text.js';

const spans = (text: string) => topLevelMembers(text)?.map(({ key, start, end }) => [key, text.slice(start, end)]);

describe('endOfJsonString', () => {
  it('finds the closing quote past escaped quotes and escaped backslashes', () => {
    const text = '"a\\"b\\\\" tail';
    expect(endOfJsonString(text, 0)).toBe(text.indexOf(' tail') - 1);
    expect(endOfJsonString('"open', 0)).toBe(-1);
  });
});

describe('topLevelMembers', () => {
  it('gives each top-level member its value text, nested and string contents skipped', () => {
    const text = ' {"id":"x","choices":[{"message":{"content":"a \\"usage\\": {} ]"}}], "usage" : {"prompt_tokens":3},"n":12345678901234567890,"ok":true} \n';
    expect(spans(text)).toEqual([
      ['id', '"x"'],
      ['choices', '[{"message":{"content":"a \\"usage\\": {} ]"}}]'],
      ['usage', '{"prompt_tokens":3}'],
      ['n', '12345678901234567890'],
      ['ok', 'true'],
    ]);
  });

  it('reads escaped keys and an empty object', () => {
    expect(spans('{"\\u0075sage":1}')).toEqual([['usage', '1']]);
    expect(spans('{ }')).toEqual([]);
  });

  it('refuses text that is not one complete object', () => {
    for (const text of ['', '[]', '"x"', '{"a":1', '{"a":"open}', '{"a":[1,2}', '{"a":1} {"b":2}', '{"a" 1}', '{"a":1,}', '{a:1}', '<html>']) {
      expect([text, topLevelMembers(text)]).toEqual([text, undefined]);
    }
  });
});

describe('exceedsJsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(exceedsJsonDepth('[[[1]]]', 3)).toBe(false);
    expect(exceedsJsonDepth('[[[[1]]]]', 3)).toBe(true);
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(50)}\\"${'{'.repeat(50)}"}`, 3)).toBe(false);
  });
});
