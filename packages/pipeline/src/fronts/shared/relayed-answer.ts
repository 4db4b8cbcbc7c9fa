import { upstreamProtocolError } from '@modelgate/core';
import { topLevelMembers } from '../../http/json-text.js';

function notJson(cause?: unknown): Error {
  return upstreamProtocolError('The upstream answered with a body that is not JSON.', cause);
}

/**
 * A whole upstream answer, parsed: for the plans that translate it. A body that is not JSON is a
 * 502 (`upstream_protocol_error`).
 */
export function parseUpstreamAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw notJson(error);
  }
}

/**
 * What a pass-through reads of a whole answer it relays byte for byte: only the top-level members
 * it names, each parsed on its own (absent ones undefined); the rest, most of all the generated
 * content, is never parsed. A body that is not one complete JSON object is a 502, as a failed parse
 * was, and so is one whose `arrayMember` (a chat completion's `choices`) is missing or not an array.
 */
export function readRelayedMembers<Key extends string>(text: string, keys: readonly Key[], arrayMember?: { readonly key: string; readonly what: string }): Partial<Record<Key, unknown>> {
  const members = topLevelMembers(text);
  if (!members) throw notJson();
  const read: Partial<Record<Key, unknown>> = {};
  let sawArray = arrayMember === undefined;
  for (const { key, start, end } of members) {
    if (arrayMember && key === arrayMember.key) sawArray = text.charCodeAt(start) === 91; /* [ */
    if (!(keys as readonly string[]).includes(key)) continue;
    try {
      read[key as Key] = JSON.parse(text.slice(start, end)) as unknown;
    } catch (error) {
      throw notJson(error);
    }
  }
  if (!sawArray) throw upstreamProtocolError(`The upstream answered with a body that is not ${arrayMember!.what}.`);
  return read;
}
