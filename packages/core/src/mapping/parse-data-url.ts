/** A `data:<mime>;base64,<data>` URL taken apart; vendors want the media type and the raw base64 separately. */
export interface ParsedDataUrl {
  readonly mediaType: string;
  readonly data: string;
}

const DATA_URL = /^data:([^;,]+);base64,(.+)$/s;

/** Returns undefined for anything that is not a base64 data URL (an http URL, a plain-text data URL). */
export function parseDataUrl(url: string): ParsedDataUrl | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1]!.toLowerCase(), data: match[2]! };
}
