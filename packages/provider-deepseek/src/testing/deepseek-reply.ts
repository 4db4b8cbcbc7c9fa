import type { FinishReason } from '@modelgate/core';
import type { ScriptedToolCall } from '@modelgate/provider-openai-compatible/testing';

/** Replaces the estimated counts; `cachedTokens` are reported as `prompt_cache_hit_tokens`, a part of the prompt. */
export interface DeepSeekScriptedUsage {
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
  reasoningTokens?: number;
}

/** While DeepSeek waits for inference it writes keep-alives: `: keep-alive` comments in a stream, blank lines before a JSON body. */
export interface DeepSeekKeepAlives {
  count: number;
  /** Pause before each one (default 0). */
  intervalMs?: number;
}

interface DeepSeekReplyBase {
  /**
   * The chain of thought, sent as `reasoning_content` (in a stream, first). Thinking requests get
   * a default one when none is scripted; requests with thinking disabled get none.
   */
  reasoning?: string;
  usage?: DeepSeekScriptedUsage;
  keepAlives?: DeepSeekKeepAlives;
}

export interface DeepSeekTextReply extends DeepSeekReplyBase {
  kind: 'text';
  text: string;
  /** Defaults to `stop`; `insufficient_system_resource` is DeepSeek's own, for an answer cut short. */
  finishReason?: FinishReason | 'insufficient_system_resource';
}

export interface DeepSeekToolCallsReply extends DeepSeekReplyBase {
  kind: 'tool_calls';
  calls: ScriptedToolCall[];
  text?: string;
}

/** One scripted answer of the DeepSeek simulator. */
export type DeepSeekReply = DeepSeekTextReply | DeepSeekToolCallsReply;
