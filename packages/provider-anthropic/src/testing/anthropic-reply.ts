import type { AnthropicStopReason } from '@modelgate/core';

/** One content block of a scripted answer, as Anthropic would generate it. */
export type AnthropicScriptedBlock =
  /** `citations` are sent on the block (JSON) or as `citations_delta` events after its text (stream). */
  | { type: 'text'; text: string; citations?: Array<Record<string, unknown>> }
  /**
   * `id` defaults to `toolu_<random>`; `input` is the tool input object. `inputAtStart` sends the
   * whole input in `content_block_start` and no `input_json_delta`, as some Anthropic-compatible
   * servers do.
   */
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown>; inputAtStart?: boolean }
  /** `signature` defaults to a random opaque string; either way the simulator accepts it back only with this text. */
  | { type: 'thinking'; thinking: string; signature?: string }
  /** `data` defaults to a random opaque string, accepted back unchanged. */
  | { type: 'redacted_thinking'; data?: string }
  /** A server tool call (web search, code execution): Anthropic runs it itself. */
  | { type: 'server_tool_use'; id?: string; name: string; input: Record<string, unknown> }
  /** The result of a server tool call, e.g. `web_search_tool_result`. */
  | { type: 'web_search_tool_result'; tool_use_id: string; content: Array<Record<string, unknown>> };

export interface AnthropicScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
}

/** Any stop reason of the Messages API (core's list). */
export type AnthropicScriptedStopReason = AnthropicStopReason;

/**
 * One scripted answer of the Anthropic simulator. `stopReason` defaults to `tool_use` when a
 * tool_use block is present, else `end_turn`; `stop_sequence` needs `stopSequence`. `stopDetails`
 * goes with a `refusal`. `streamError` makes a stream report that error right after
 * `message_start`, before any content (as Anthropic reports `overloaded_error` under load); a
 * non-streaming request gets the matching HTTP error instead.
 */
export interface AnthropicScriptedReply {
  content: AnthropicScriptedBlock[];
  stopReason?: AnthropicScriptedStopReason;
  stopSequence?: string;
  stopDetails?: { type: 'refusal'; category?: string | null; explanation?: string | null };
  usage?: AnthropicScriptedUsage;
  streamError?: { type: string; message: string };
}
