/** An image's width and height in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

// Only the head of an image is read: the size sits in the first bytes of PNG, GIF and WebP, and
// in a JPEG's start-of-frame marker, after any metadata segments (EXIF is at most 64 KiB).
const HEAD_BYTES = 256 * 1024;

function pngSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 24 || bytes.readUInt32BE(0) !== 0x89504e47 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 10 || !/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function webpSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = bytes.toString('latin1', 12, 16);
  // RFC 9649: VP8 (lossy) keyframe header, VP8L (lossless) 14-bit sizes, VP8X (extended) 24-bit sizes minus one.
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

function jpegSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Start of frame: SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC); height before width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** The size a PNG, JPEG, GIF or WebP declares in its header (base64 data), without decoding the image; undefined when unreadable. */
export function imageSizeOfBase64(data: string): ImageSize | undefined {
  const head = Buffer.from(data.slice(0, Math.ceil((HEAD_BYTES * 4) / 3 / 4) * 4), 'base64');
  const size = pngSize(head) ?? gifSize(head) ?? webpSize(head) ?? jpegSize(head);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
