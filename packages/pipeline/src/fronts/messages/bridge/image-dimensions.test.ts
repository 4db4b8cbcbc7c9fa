import { describe, expect, it } from '@jest/globals';
import { openAiImageTokens } from './estimate-image-tokens.js';
import { imageSizeOfBase64 } from './image-dimensions.js';

const base64 = (...parts: Array<string | number[] | Buffer>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part)))).toString('base64');
const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];

describe('an image\'s size from its header', () => {
  it('reads PNG, GIF, JPEG (after an APP1 segment) and the three WebP forms', () => {
    const png = base64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 7, 128, 0, 0, 4, 56], Buffer.alloc(9));
    const gif = base64('GIF89a', u16le(640), u16le(480), Buffer.alloc(10));
    const jpeg = base64([0xff, 0xd8, 0xff, 0xe1], u16be(6), 'Exif', [0xff, 0xc0], u16be(17), [8], u16be(1200), u16be(1600), Buffer.alloc(12));
    const riff = (chunk: string, body: number[]) => base64('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body, Buffer.alloc(10));
    const lossy = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(300), ...u16le(200)]);
    const lossless = riff('VP8L', [0x2f, ...[(299 & 0xff), ((299 >> 8) & 0x3f) | ((199 & 0x3) << 6), (199 >> 2) & 0xff, (199 >> 10) & 0xf]]);
    const extended = riff('VP8X', [0, 0, 0, 0, ...u24le(4095), ...u24le(2999)]);
    expect([png, gif, jpeg, lossy, lossless, extended].map(imageSizeOfBase64)).toEqual([
      { width: 1920, height: 1080 },
      { width: 640, height: 480 },
      { width: 1600, height: 1200 },
      { width: 300, height: 200 },
      { width: 300, height: 200 },
      { width: 4096, height: 3000 },
    ]);
    expect(imageSizeOfBase64(base64('not an image at all, just text'))).toBeUndefined();
  });

  it('prices an image as OpenAI does: fitted in 2048, shortest side 768, 170 a 512 px tile plus 85', () => {
    // OpenAI's worked examples: 1024×1024 is 765 tokens, 2048×4096 is 1105.
    expect(openAiImageTokens({ width: 1024, height: 1024 })).toBe(765);
    expect(openAiImageTokens({ width: 2048, height: 4096 })).toBe(1105);
    expect(openAiImageTokens({ width: 100, height: 100 })).toBe(255);
    expect(openAiImageTokens(undefined)).toBe(85 + 170 * 8);
  });
});
