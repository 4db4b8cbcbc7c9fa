import type { ChoiceLogprobs } from './chat-completion-response.js';
import type { FinishReason } from './finish-reason.js';
import type { ExtraContent, ReasoningDetail } from './hub-extensions.js';
import type { CompletionUsage } from './usage.js';

export interface ToolCallDelta {
  /** Position of the call in the final `tool_calls` array; stable across all deltas of that call. */
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
  /** Hub extension: vendor data for the call, on the delta that introduces it (PROTOCOLS F.3, F.11). */
  extra_content?: ExtraContent;
}

export interface ChatCompletionDelta {
  role?: 'assistant';
  content?: string | null;
  refusal?: string | null;
  tool_calls?: ToolCallDelta[];
  reasoning_content?: string;
  /** Hub extension: the message's reasoning details as they arrive; pieces with the same `index` belong to one detail. */
  reasoning_details?: ReasoningDetail[];
  [extension: string]: unknown;
}

export interface ChatCompletionChunkChoice {
  index: number;
  delta: ChatCompletionDelta;
  logprobs?: ChoiceLogprobs | null;
  finish_reason: FinishReason | null;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  /** Empty on the final usage chunk sent when `stream_options.include_usage` is set. */
  choices: ChatCompletionChunkChoice[];
  usage?: CompletionUsage | null;
  system_fingerprint?: string | null;
  service_tier?: string | null;
  [extension: string]: unknown;
}
