import type { FinishReason } from '@modelgate/core';

/** Replaces the estimated token counts; the details fields are subsets of the totals, as at OpenAI. */
export interface ScriptedUsage {
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
  reasoningTokens?: number;
}

export interface ScriptedToolCall {
  /** Defaults to `call_<random>`. */
  id?: string;
  name: string;
  /** A JSON string, exactly as OpenAI sends it; streamed in several fragments. */
  arguments: string;
}

export interface OpenAiTextReply {
  kind: 'text';
  text: string;
  /** Defaults to `stop`; `length` and `content_filter` simulate cut-off answers. */
  finishReason?: FinishReason;
  usage?: ScriptedUsage;
}

export interface OpenAiToolCallsReply {
  kind: 'tool_calls';
  calls: ScriptedToolCall[];
  /** Text the model says before calling tools; `content` is null without it. */
  text?: string;
  /** Stream every call's header first, then the argument fragments of all calls in turn. */
  interleaveArguments?: boolean;
  usage?: ScriptedUsage;
}

export interface OpenAiRefusalReply {
  kind: 'refusal';
  text: string;
  usage?: ScriptedUsage;
}

/** One scripted answer of the chat simulator; with `n` > 1 every choice gets it. */
export type OpenAiChatReply = OpenAiTextReply | OpenAiToolCallsReply | OpenAiRefusalReply;
