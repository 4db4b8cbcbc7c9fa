import { describe, expect, it } from '@jest/globals';
import { spliceTopLevelMembers } from './splice-top-level-members.js';

describe('spliceTopLevelMembers', () => {
  it('replaces top-level values and keeps every other byte, numbers past 2^53 and escapes included', () => {
    const text = '{ "input":"caf\\u00e9", "model" : "house",\n "n":12345678901234567890, "stream_options":{"include_usage":false} }';
    expect(spliceTopLevelMembers(text, { model: 'gpt-5', stream_options: { include_usage: true } })).toBe(
      '{ "input":"caf\\u00e9", "model" : "gpt-5",\n "n":12345678901234567890, "stream_options":{"include_usage":true} }',
    );
  });

  it('appends an absent key as the last member, before the closing brace and what follows it', () => {
    expect(spliceTopLevelMembers('{"model":"a","stream":true}\n', { model: 'b', stream_options: { include_usage: true } })).toBe(
      '{"model":"b","stream":true,"stream_options":{"include_usage":true}}\n',
    );
    expect(spliceTopLevelMembers('{ }', { a: 1, b: 2 })).toBe('{ "a":1,"b":2}');
  });

  it('leaves nested keys and keys inside strings alone', () => {
    const text = '{"tools":[{"model":"nested"}],"note":"\\"model\\": \\"x\\"","model":"house"}';
    expect(spliceTopLevelMembers(text, { model: 'up' })).toBe('{"tools":[{"model":"nested"}],"note":"\\"model\\": \\"x\\"","model":"up"}');
  });

  it('gives up on a key twice or a text that is not one object', () => {
    expect(spliceTopLevelMembers('{"model":"a","model":"b"}', { model: 'up' })).toBeUndefined();
    expect(spliceTopLevelMembers('{"model":"a"', { model: 'up' })).toBeUndefined();
  });
});
