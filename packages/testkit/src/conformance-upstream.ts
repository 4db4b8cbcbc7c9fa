import type { StatusFault } from './simulator-faults.js';

/**
 * A vendor-neutral scripted upstream answer, what the conformance suite asks a simulator for. It
 * lives here, with the other generic pieces, so that a provider's `./testing` entry can offer its
 * adapter (script → its simulator's reply or fault) without depending on the suite itself.
 */
export type ConformanceScript =
  | { readonly kind: 'text'; readonly text: string; readonly usage?: ScriptedTokenUsage }
  /** The model stopped on `sequence` (Anthropic `stop_sequence`, OpenAI `stop`). */
  | { readonly kind: 'stop-sequence'; readonly text: string; readonly sequence: string }
  | { readonly kind: 'tool-calls'; readonly calls: ReadonlyArray<{ readonly id: string; readonly name: string; readonly arguments: string }> }
  /**
   * The upstream answers this HTTP status as the vendor does; with `retryAfterSeconds`, asking the
   * client to wait that long, the vendor's way (a `retry-after` header, Gemini's `RetryInfo`).
   */
  | { readonly kind: 'error'; readonly status: number; readonly retryAfterSeconds?: number };

/** The status fault that plays an `error` script on a simulator built from these pieces. */
export function errorScriptFault(script: Extract<ConformanceScript, { kind: 'error' }>): StatusFault {
  return { type: 'status', status: script.status, ...(script.retryAfterSeconds !== undefined && { retryAfterSeconds: script.retryAfterSeconds }) };
}

/** The token counts a scripted answer reports, in the vendor's own usage fields. */
export interface ScriptedTokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface ReceivedToolCall {
  /** The call id the vendor got, when its dialect carries one. */
  readonly id?: string;
  readonly name: string;
  /** The arguments, parsed. */
  readonly arguments: unknown;
}

export interface ReceivedToolResult {
  /** The id of the call it answers, when the dialect carries one. */
  readonly callId?: string;
  /** The name of the function it answers, when the dialect carries one. */
  readonly name?: string;
  /** The result as text (a JSON object the dialect requires is read back to the text it wraps). */
  readonly content: string;
}

/** One message of the conversation as the vendor got it; tool results count as the user's. */
export interface ReceivedMessage {
  readonly role: 'user' | 'assistant';
  /** Its text parts, joined. */
  readonly text: string;
  /** The base64 data (or URL) of each image. */
  readonly images: readonly string[];
  readonly toolCalls: readonly ReceivedToolCall[];
  readonly toolResults: readonly ReceivedToolResult[];
}

/**
 * What a vendor received, in neutral terms: each provider's adapter reads its simulator's last
 * recorded request and says what it held, so the suite checks what a plugin sent, not only what
 * came back.
 */
export interface ReceivedRequest {
  /** System (and developer) instructions, in order. */
  readonly system: readonly string[];
  readonly messages: readonly ReceivedMessage[];
  readonly tools: ReadonlyArray<{ readonly name: string; readonly parameters: unknown }>;
  /** The JSON schema the vendor was told to enforce, when any. */
  readonly responseSchema?: unknown;
  readonly stopSequences: readonly string[];
}

/** A provider's simulator as the conformance suite drives it, started once per suite. */
export interface ConformanceUpstream {
  /** Provider settings that point the plugin at this upstream. */
  readonly settings: Record<string, unknown>;
  /** Queues the answer to the next request (FIFO). */
  script(script: ConformanceScript): void;
  /** The last generation request the simulator received, read in neutral terms. */
  received(): ReceivedRequest;
  close(): Promise<void>;
}
