/**
 * Reading JSON text without parsing it: what a pass-through needs (the top-level members' spans,
 * the nesting depth) at a fraction of JSON.parse's cost. String contents, most of a prompt or an
 * answer, are skipped with `indexOf`, which the engine runs natively, instead of a character at a time.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isWhitespace(text.charCodeAt(index))) index++;
  return index;
}

/** The index of the quote that closes the string opening at `quote`; -1 when it never closes. */
export function endOfJsonString(text: string, quote: number): number {
  let index = quote;
  for (;;) {
    index = text.indexOf('"', index + 1);
    if (index < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(index - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return index;
  }
}

/** The index just past the value that starts at `start`; -1 when it does not end (a string left open, brackets unbalanced). */
function endOfJsonValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) {
    const end = endOfJsonString(text, start);
    return end < 0 ? -1 : end + 1;
  }
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let index = start;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isWhitespace(code)) break;
      index++;
    }
    return index > start ? index : -1;
  }
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = endOfJsonString(text, index);
      if (index < 0) return -1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
    } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) {
      return index + 1;
    }
  }
  return -1;
}

/** One member of a JSON object: its key and where its value's text starts and ends. */
export interface JsonMemberSpan {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The members of the top-level object, in order, with their values' spans; undefined when the text
 * is not one complete object (truncated, a string left open, brackets unbalanced, text after it).
 * Literals (numbers, true, false, null) are delimited, not checked.
 */
export function topLevelMembers(text: string): JsonMemberSpan[] | undefined {
  let index = skipWhitespace(text, 0);
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  const members: JsonMemberSpan[] = [];
  index = skipWhitespace(text, index + 1);
  if (text.charCodeAt(index) === CLOSE_BRACE) return skipWhitespace(text, index + 1) === text.length ? members : undefined;
  for (;;) {
    if (text.charCodeAt(index) !== QUOTE) return undefined;
    const keyEnd = endOfJsonString(text, index);
    if (keyEnd < 0) return undefined;
    const rawKey = text.slice(index + 1, keyEnd);
    index = skipWhitespace(text, keyEnd + 1);
    if (text.charCodeAt(index) !== COLON) return undefined;
    const start = skipWhitespace(text, index + 1);
    const end = endOfJsonValue(text, start);
    if (end < 0) return undefined;
    members.push({ key: rawKey.includes('\\') ? (JSON.parse(`"${rawKey}"`) as string) : rawKey, start, end });
    index = skipWhitespace(text, end);
    const separator = text.charCodeAt(index);
    if (separator === CLOSE_BRACE) return skipWhitespace(text, index + 1) === text.length ? members : undefined;
    if (separator !== COMMA) return undefined;
    index = skipWhitespace(text, index + 1);
  }
}

/**
 * Whether arrays and objects nest deeper than `limit` anywhere in the text, counted in one pass
 * outside strings, stopping as soon as it passes. JSON.parse itself copes with deep input, but
 * everything after it that walks the value recursively (schema validation, serialisation) would
 * overflow the stack, so the depth is bounded before parsing.
 */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = endOfJsonString(text, index);
      if (index < 0) return false;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
