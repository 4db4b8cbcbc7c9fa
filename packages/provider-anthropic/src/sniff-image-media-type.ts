/** The leading bytes of each image format Anthropic accepts. */
const SIGNATURES: ReadonlyArray<{ readonly mediaType: string; readonly matches: (bytes: Buffer) => boolean }> = [
  { mediaType: 'image/png', matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: 'image/jpeg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { mediaType: 'image/gif', matches: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'GIF8' },
  { mediaType: 'image/webp', matches: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' },
];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The media type base64 image data really has (PNG, JPEG, GIF or WebP, by its first bytes), or
 * undefined when the text is not base64 or the bytes are none of those. Anthropic checks the bytes
 * against the declared `media_type` and rejects a mismatch.
 */
export function sniffImageMediaType(base64: string): string | undefined {
  const compact = base64.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return undefined;
  const head = Buffer.from(compact.slice(0, 24), 'base64');
  return SIGNATURES.find((signature) => signature.matches(head))?.mediaType;
}
