import { createHash } from 'node:crypto';
import type { ChatCompletionRequest } from '@modelgate/core';

/** Gemini function names: a letter or `_` first, then `[a-zA-Z0-9_.:-]`, 64 at most (PROTOCOLS E.2). */
const GOOGLE_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const KEPT_PREFIX_LENGTH = 55;

/**
 * The name Gemini gets for an OpenAI function name: the same when it is valid, else (PROTOCOLS F.4)
 * its first 55 valid characters, `_` and 8 hex digits of its SHA-256. Deterministic, so the calls
 * in later turns' history map to the same name.
 */
export function toGoogleFunctionName(name: string): string {
  if (GOOGLE_FUNCTION_NAME.test(name)) return name;
  const valid = name.replace(/[^a-zA-Z0-9_.:-]/g, '_');
  const prefixed = /^[a-zA-Z_]/.test(valid) ? valid : `_${valid}`;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${prefixed.slice(0, KEPT_PREFIX_LENGTH)}_${digest}`;
}

/** Both directions for the names of one request. */
export interface FunctionNameMap {
  toGoogle(name: string): string;
  /** The client's name for a name Gemini answered with; unknown names come back unchanged. */
  fromGoogle(name: string): string;
}

/** Every function name a request uses: its tools and the calls in its history. */
function namesOf(request: ChatCompletionRequest): string[] {
  const declared = (request.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));
  const called = request.messages.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.function.name) : []));
  return [...declared, ...called];
}

export function createFunctionNameMap(request: ChatCompletionRequest): FunctionNameMap {
  const original = new Map<string, string>();
  for (const name of namesOf(request)) original.set(toGoogleFunctionName(name), name);
  return {
    toGoogle: toGoogleFunctionName,
    fromGoogle: (name) => original.get(name) ?? name,
  };
}
