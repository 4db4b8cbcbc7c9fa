/** Deep enough for any real tool schema. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass outside strings,
 * stopping as soon as it passes `limit`. JSON.parse itself copes with deep input, but everything
 * after it that walks the value recursively (schema validation, serialisation) would overflow the
 * stack, so the depth is bounded before parsing.
 */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 92 /* \ */) index++;
      else if (character === 34 /* " */) inString = false;
    } else if (character === 34) {
      inString = true;
    } else if (character === 123 /* { */ || character === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (character === 125 /* } */ || character === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}
