import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '@modelgate/core';
import { SseBlockSplitter } from './sse-block-splitter.js';

function splitAll(pieces: string[]): string[] {
  const splitter = new SseBlockSplitter();
  const blocks = pieces.flatMap((piece) => splitter.push(piece));
  const rest = splitter.end();
  return rest ? [...blocks, rest] : blocks;
}

describe('SseBlockSplitter', () => {
  it('returns each event with its blank line, exactly as written', () => {
    const text = 'event: a\ndata: {"x":1}\n\n: ping\n\nevent: b\ndata: 2\n\n';
    expect(splitAll([text])).toEqual(['event: a\ndata: {"x":1}\n\n', ': ping\n\n', 'event: b\ndata: 2\n\n']);
  });

  it('keeps \\r\\n and \\r separators, even a \\r\\n split across pieces', () => {
    expect(splitAll(['event: a\r\ndata: 1\r', '\n\r', '\ndata: 2\r\r', 'data: 3'])).toEqual(['event: a\r\ndata: 1\r\n\r\n', 'data: 2\r\r', 'data: 3']);
  });

  it('never loses bytes when an event arrives one character at a time', () => {
    const text = 'event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\nevent: x\ndata: é\n\n';
    const blocks = splitAll([...text]);
    expect(blocks.join('')).toBe(text);
    expect(blocks).toHaveLength(2);
  });

  it('keeps stray blank lines and lone \\r separators exactly as the upstream wrote them', () => {
    expect(splitAll(['\n', '\ndata: a\r', '\r', ': c\n', '\n'])).toEqual(['\n\n', 'data: a\r\r', ': c\n\n']);
    expect(splitAll(['data: x\r', '', '\n\r', '\n'])).toEqual(['data: x\r\n\r\n']);
  });

  it('splits a 20 MB event fed in 1 KB pieces with work linear in its size', () => {
    const splitter = new SseBlockSplitter();
    const piece = 'x'.repeat(1024);
    const pieces = 20 * 1024;
    // Rescanning the growing block on every piece (the old quadratic splitter) takes minutes here,
    // far past the test's time-out; the linear one a fraction of a second. No clock is read.
    let early = splitter.push('event: big\ndata: ').length;
    for (let index = 0; index < pieces; index++) early += splitter.push(piece).length;
    const blocks = splitter.push('\n\nevent: next\ndata: 1\n\n');
    expect(early).toBe(0);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.length).toBe('event: big\ndata: \n\n'.length + pieces * 1024);
  });

  it('throws a 502 upstream_protocol_error as soon as a block passes its limit, counting UTF-8 bytes', () => {
    const splitter = new SseBlockSplitter(1024 * 1024);
    let fed = 0;
    let thrown: unknown;
    try {
      for (; fed < 2048; fed++) splitter.push('é'.repeat(512));
    } catch (error) {
      thrown = error;
    }
    expect(GatewayError.isInstance(thrown) && thrown.status === 502 && thrown.code === 'upstream_protocol_error').toBe(true);
    // 1 KB (512 two-byte characters) a piece: the 1025th piece passes 1 MiB.
    expect(fed).toBe(1024);
    const small = new SseBlockSplitter(16);
    expect(small.push('data: 12345678\n\ndata: 12345678\n\n')).toHaveLength(2);
    expect(() => small.push('data: 123456789\n\n')).toThrow(/larger than 16 bytes/);
  });
});
