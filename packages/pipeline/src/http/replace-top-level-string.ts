import { topLevelMembers } from './json-text.js';

/**
 * The JSON text with the string value of one top-level key replaced, every other byte as it was;
 * undefined when the key is not there exactly once with a string value, or the text is not one
 * complete object (the caller then serialises).
 */
export function replaceTopLevelString(text: string, key: string, value: string): string | undefined {
  const members = topLevelMembers(text);
  if (!members) return undefined;
  const matching = members.filter((member) => member.key === key);
  if (matching.length !== 1) return undefined;
  const { start, end } = matching[0]!;
  if (text.charCodeAt(start) !== 34 /* " */) return undefined;
  return text.slice(0, start) + JSON.stringify(value) + text.slice(end);
}
