import { randomBytes } from 'node:crypto';

/**
 * Ids the gateway makes up for calls that came without one (Gemini 2.x, PROTOCOLS F.3). The prefix
 * marks them, so that they are never sent back to Google as if the model had issued them.
 */
export const MINTED_CALL_ID_PREFIX = 'call_noid_';

/** The separator some gateways (LiteLLM) use to carry a signature inside a tool-call id. */
export const THOUGHT_ID_SEPARATOR = '__thought__';

export function mintToolCallId(): string {
  return `${MINTED_CALL_ID_PREFIX}${randomBytes(12).toString('hex')}`;
}

export function isMintedToolCallId(id: string): boolean {
  return id.startsWith(MINTED_CALL_ID_PREFIX);
}

/** A tool-call id as a client sent it: the real id, and the signature a `__thought__` suffix carried. */
export interface ParsedToolCallId {
  readonly id: string;
  readonly signature?: string;
}

export function parseToolCallId(id: string): ParsedToolCallId {
  const at = id.indexOf(THOUGHT_ID_SEPARATOR);
  if (at < 0) return { id };
  const signature = id.slice(at + THOUGHT_ID_SEPARATOR.length);
  return signature === '' ? { id: id.slice(0, at) } : { id: id.slice(0, at), signature };
}

/** The id Google gets for a call (and its response): none for models that issue none, nor for ids the gateway minted. */
export function upstreamCallId(id: string, modelIssuesIds: boolean): string | undefined {
  const real = parseToolCallId(id).id;
  return modelIssuesIds && !isMintedToolCallId(real) ? real : undefined;
}
