import { topLevelMembers } from './json-text.js';

/**
 * The JSON text with the values of some top-level keys replaced (a key absent from the text is
 * appended as the last member), every other byte as it was; undefined when a key is there more
 * than once, or the text is not one complete object (the caller then serialises).
 */
export function spliceTopLevelMembers(text: string, changes: Readonly<Record<string, unknown>>): string | undefined {
  const members = topLevelMembers(text);
  if (!members) return undefined;
  const replaced: Array<{ start: number; end: number; value: string }> = [];
  let appended = '';
  for (const [key, value] of Object.entries(changes)) {
    const matching = members.filter((member) => member.key === key);
    if (matching.length > 1) return undefined;
    const serialized = JSON.stringify(value);
    if (matching.length === 1) replaced.push({ start: matching[0]!.start, end: matching[0]!.end, value: serialized });
    else appended += `${members.length === 0 && appended === '' ? '' : ','}${JSON.stringify(key)}:${serialized}`;
  }
  replaced.sort((left, right) => left.start - right.start);
  let spliced = '';
  let from = 0;
  for (const { start, end, value } of replaced) {
    spliced += text.slice(from, start) + value;
    from = end;
  }
  if (appended === '') return spliced + text.slice(from);
  // The object's closing brace is the text's last one (only whitespace may follow it).
  const close = text.lastIndexOf('}');
  return spliced + text.slice(from, close) + appended + text.slice(close);
}
