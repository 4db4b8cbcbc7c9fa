/**
 * The JSON text with the string value of one top-level key replaced, every other byte as it was;
 * undefined when the key is not there exactly once with a string value (the caller then
 * serialises). One pass, outside nested values and strings.
 */
export function replaceTopLevelString(text: string, key: string, value: string): string | undefined {
  let depth = 0;
  let expectingKey = false;
  let found: { start: number; end: number } | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (character === '"') {
      const end = endOfString(text, index);
      if (end < 0) return undefined;
      if (depth === 1 && expectingKey) {
        expectingKey = false;
        if (text.slice(index + 1, end) === key) {
          const valueStart = skipToValue(text, end + 1);
          if (valueStart < 0 || text[valueStart] !== '"' || found) return undefined;
          const valueEnd = endOfString(text, valueStart);
          if (valueEnd < 0) return undefined;
          found = { start: valueStart, end: valueEnd + 1 };
          index = valueEnd;
          continue;
        }
      }
      index = end;
    } else if (character === '{' || character === '[') {
      depth++;
      expectingKey = depth === 1 && character === '{';
    } else if (character === '}' || character === ']') {
      depth--;
    } else if (character === ',' && depth === 1) {
      expectingKey = true;
    }
  }
  return found ? text.slice(0, found.start) + JSON.stringify(value) + text.slice(found.end) : undefined;
}

/** The index of the quote that closes the string opening at `start`; -1 when it never closes. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return -1;
}

/** The index of the value after a key's closing quote (past whitespace and the colon). */
function skipToValue(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  if (text[index] !== ':') return -1;
  index++;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index < text.length ? index : -1;
}
