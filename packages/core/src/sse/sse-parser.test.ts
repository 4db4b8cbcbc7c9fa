import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '../errors/gateway-error.js';
import { SseParser } from './sse-parser.js';
import { formatSseData } from './format-sse.js';

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

describe('SseParser on large events', () => {
  const megabyte = 1024 * 1024;

  it('parses a 20 MB event fed in 1 KB pieces with work linear in its size', () => {
    const parser = new SseParser();
    const piece = 'x'.repeat(1024);
    const pieces = 20 * 1024;
    // Rescanning the growing line on every piece (the old quadratic parser) takes minutes here, far
    // past the test's time-out; the linear one a fraction of a second. No clock is read.
    let early = parser.push('data: ').length;
    for (let index = 0; index < pieces; index++) early += parser.push(piece).length;
    const [event] = parser.push('\n\n');
    expect(early).toBe(0);
    expect(event!.data.length).toBe(pieces * 1024);
  });

  it('keeps \\r\\n split across pieces and partial lines exact with a limit set', () => {
    const parser = new SseParser({ maxEventBytes: 64 });
    const events = ['event: a\r', '\ndata: o', 'ne\r', '\n\r', '\ndata: two\r\r'].flatMap((piece) => parser.push(piece));
    expect([...events, ...parser.end()]).toEqual([{ event: 'a', data: 'one' }, { data: 'two' }]);
  });

  it('throws a 502 upstream_protocol_error once an event passes maxEventBytes, even unterminated', () => {
    const parser = new SseParser({ maxEventBytes: megabyte });
    const piece = 'y'.repeat(1024);
    let thrown: unknown;
    let fed = 0;
    try {
      parser.push('data: ');
      for (; fed < 2 * 1024; fed++) parser.push(piece);
    } catch (error) {
      thrown = error;
    }
    expect(GatewayError.isInstance(thrown)).toBe(true);
    expect((thrown as GatewayError).status).toBe(502);
    expect((thrown as GatewayError).code).toBe('upstream_protocol_error');
    expect((thrown as GatewayError).message).toContain(String(megabyte));
    // It stopped at the limit, not at the end of the input.
    expect(fed).toBe(1023);
  });

  it('counts UTF-8 bytes, and each event on its own', () => {
    const parser = new SseParser({ maxEventBytes: 20 });
    // 'data: ééé\n\n' is 14 bytes (each é is 2): under the limit, twice in a row.
    expect(parser.push('data: ééé\n\ndata: ééé\n\n')).toEqual([{ data: 'ééé' }, { data: 'ééé' }]);
    // 'data: éééééé\ndata' is 23 bytes but only 17 characters.
    expect(() => parser.push('data: éééééé\ndata')).toThrow(/larger than 20 bytes/);
  });
});

describe('formatSseData', () => {
  it('writes a payload of several lines as several data fields, which a parser joins back', () => {
    expect(formatSseData('{"a":\n 1}')).toBe('data: {"a":\ndata:  1}\n\n');
    expect(new SseParser().push(formatSseData('{"a":\n 1}'))).toEqual([{ data: '{"a":\n 1}' }]);
    expect(formatSseData('{"a":1}')).toBe('data: {"a":1}\n\n');
  });
});
