import { describe, expect, it } from '@jest/globals';
import { replaceTopLevelString } from './replace-top-level-string.js';

describe('replaceTopLevelString', () => {
  it('replaces the top-level value and keeps every other byte, numbers past 2^53 and escapes included', () => {
    const text = '{ "input":"caf\\u00e9", "model" : "house",\n "n":12345678901234567890, "x":1.0 }';
    expect(replaceTopLevelString(text, 'model', 'gpt-5')).toBe('{ "input":"caf\\u00e9", "model" : "gpt-5",\n "n":12345678901234567890, "x":1.0 }');
  });

  it('leaves nested keys, keys inside strings and values that look like keys alone', () => {
    const text = '{"tools":[{"model":"nested"}],"note":"\\"model\\": \\"x\\"","model":"house","meta":{"model":"deep"}}';
    expect(replaceTopLevelString(text, 'model', 'up')).toBe('{"tools":[{"model":"nested"}],"note":"\\"model\\": \\"x\\"","model":"up","meta":{"model":"deep"}}');
  });

  it('gives up on a missing key, a key twice, or a value that is not a string', () => {
    expect(replaceTopLevelString('{"input":"x"}', 'model', 'up')).toBeUndefined();
    expect(replaceTopLevelString('{"model":"a","model":"b"}', 'model', 'up')).toBeUndefined();
    expect(replaceTopLevelString('{"model":7}', 'model', 'up')).toBeUndefined();
  });

  it('writes the new value as a JSON string', () => {
    expect(replaceTopLevelString('{"model":"a"}', 'model', 'we"ird')).toBe('{"model":"we\\"ird"}');
  });
});
