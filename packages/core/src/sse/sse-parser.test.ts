import { describe, expect, it } from '@jest/globals';
import { SseParser } from './sse-parser.js';

function parseAll(pieces: string[]) {
  const parser = new SseParser();
  const events = pieces.flatMap((piece) => parser.push(piece));
  return [...events, ...parser.end()];
}

describe('SseParser', () => {
  it('parses data-only events separated by \\n\\n', () => {
    expect(parseAll(['data: {"a":1}\n\ndata: [DONE]\n\n'])).toEqual([{ data: '{"a":1}' }, { data: '[DONE]' }]);
  });

  it('accepts \\r\\n\\r\\n and \\r\\r separators, even split across pieces', () => {
    expect(parseAll(['data: one\r', '\n\r\n', 'data: two\r\r', 'data: three\r\n', '\r\n'])).toEqual([
      { data: 'one' },
      { data: 'two' },
      { data: 'three' },
    ]);
  });

  it('keeps event names, joins multi-line data, ignores comments and keeps ids', () => {
    expect(parseAll([': keep-alive\n\nevent: message_start\nid: 7\ndata: {"x":\ndata: 1}\n\n'])).toEqual([
      { event: 'message_start', id: '7', data: '{"x":\n1}' },
    ]);
  });

  it('does not lose a line split in the middle, and flushes an unterminated last event', () => {
    expect(parseAll(['da', 'ta: hel', 'lo\n', '\nevent: e\ndata: tail'])).toEqual([{ data: 'hello' }, { event: 'e', data: 'tail' }]);
  });

  it('strips exactly one space after the colon and handles fields without a value', () => {
    expect(parseAll(['data:  two spaces\ndata\n\n'])).toEqual([{ data: ' two spaces\n' }]);
  });
});
