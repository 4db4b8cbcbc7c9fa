// The two documented extensions of the hub (OpenAI Chat), so that what a vendor needs back on the
// next turn survives a trip through an OpenAI client (ARCHITECTURE.md, "The hub is OpenAI Chat plus
// two documented extensions"). Both are optional everywhere; a client that never sends them sees no
// change, and OpenAI's own clients keep unknown fields when they echo messages back.

/** The `type`s of `reasoning_details` entries, in OpenRouter's names. */
export const REASONING_DETAIL_TYPES = ['reasoning.text', 'reasoning.encrypted', 'reasoning.summary'] as const;

export type ReasoningDetailType = (typeof REASONING_DETAIL_TYPES)[number];

/**
 * Which vendor's reasoning a detail carries, so a translator replays only its own (a signature
 * sent to another model is rejected, PROTOCOLS E.7). OpenRouter's values, open to new ones.
 */
export type ReasoningDetailFormat =
  | 'unknown'
  | 'openai-responses-v1'
  | 'anthropic-claude-v1'
  | 'google-gemini-v1'
  | 'xai-responses-v1'
  | (string & {});

interface ReasoningDetailBase {
  /** Names what the detail belongs to: a Responses reasoning item id, or a tool call (PROTOCOLS F.3: `tool_call_<id>`). */
  id?: string | null;
  format?: ReasoningDetailFormat | null;
  /** Position among the message's details; stream deltas with the same index belong together. */
  index?: number;
}

/** Reasoning text, with the signature that lets the vendor verify it (Anthropic `thinking` + `signature`). */
export interface ReasoningTextDetail extends ReasoningDetailBase {
  type: 'reasoning.text';
  text: string;
  signature?: string | null;
}

/** Opaque reasoning only its vendor can read: Anthropic `redacted_thinking`, Gemini thought signatures, Responses `encrypted_content`. */
export interface ReasoningEncryptedDetail extends ReasoningDetailBase {
  type: 'reasoning.encrypted';
  data: string;
}

/** A readable summary of the reasoning (Responses `summary_text`). */
export interface ReasoningSummaryDetail extends ReasoningDetailBase {
  type: 'reasoning.summary';
  summary: string;
}

/**
 * Hub extension 1: opaque signed or encrypted reasoning, in OpenRouter's `reasoning_details[]` shape
 * (PROTOCOLS F.3 "Accept on input" item 3, F.12). Carried on assistant messages in requests, on
 * answer messages and on stream deltas. Clients send the array back unchanged on the next turn.
 * The request schema lets a detail of another `type` through (OpenRouter adds some); a translator
 * skips a detail whose `type` or `format` is not its own.
 */
export type ReasoningDetail = ReasoningTextDetail | ReasoningEncryptedDetail | ReasoningSummaryDetail;

/**
 * Hub extension 2: vendor-specific data on one tool call, in Google's own OpenAI-compatible form
 * (PROTOCOLS F.3), keyed by vendor: `{ google: { thought_signature: "CiQB…" } }`. On `tool_calls[]`
 * entries of requests and answers, and on the stream delta that introduces the call.
 */
export type ExtraContent = { [vendor: string]: Record<string, unknown> };
