import type { AnthropicMessagesRequest, ExtraContent, ReasoningDetail } from '@modelgate/core';

/**
 * What a bridged answer must get back on the next turn, carried inside the Anthropic blocks every
 * Anthropic client returns untouched: a `thinking` block's `signature` and a `redacted_thinking`
 * block's `data` (PROTOCOLS D.2, "unmodified (signature intact)"). The hub keeps it in
 * `reasoning_details` and in a tool call's `extra_content` (F.3, F.12); the carrier holds either,
 * and the reasoning text itself when the client asked for it not to be shown (`display: omitted`).
 */
export interface CarriedReasoning {
  /** Hub reasoning details of the turn (Gemini's signatures, a signed reasoning text…). */
  readonly details?: readonly ReasoningDetail[];
  /** A tool call's vendor data (`extra_content`), by the call's id. */
  readonly call?: { readonly id: string; readonly extraContent: ExtraContent };
  /** The reasoning text, when the block shows none. */
  readonly text?: string;
}

/** Marks the gateway's own carriers, so a real Anthropic signature is never mistaken for one. */
const CARRIER_PREFIX = 'modelgate.1.';

export function encodeCarrier(carried: CarriedReasoning): string {
  return CARRIER_PREFIX + Buffer.from(JSON.stringify(carried), 'utf8').toString('base64url');
}

/** The carried reasoning, or undefined for a string the gateway did not mint (e.g. Claude's own signature). */
export function decodeCarrier(value: unknown): CarriedReasoning | undefined {
  if (typeof value !== 'string' || !value.startsWith(CARRIER_PREFIX)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value.slice(CARRIER_PREFIX.length), 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CarriedReasoning) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How a bridged answer shows the model's reasoning: `shown` as `thinking` blocks first, as
 * Anthropic does; `omitted` as blocks with empty text (`display: omitted`); `off` when the client
 * asked for no thinking (Anthropic's default), so no thinking block opens the answer (clients read
 * `content[0].text`) and what the next turn needs follows the answer's last `tool_use`.
 */
export type ThinkingDisplay = 'shown' | 'omitted' | 'off';

export function thinkingDisplayOf(thinking: AnthropicMessagesRequest['thinking']): ThinkingDisplay {
  if (thinking === undefined || thinking.type === 'disabled') return 'off';
  return thinking.display === 'omitted' ? 'omitted' : 'shown';
}

/** Whether a string is one of the gateway's carriers, which no vendor minted and none accepts back. */
export function isCarrier(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(CARRIER_PREFIX);
}
