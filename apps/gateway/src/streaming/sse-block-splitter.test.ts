import { describe, expect, it } from '@jest/globals';
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
});
