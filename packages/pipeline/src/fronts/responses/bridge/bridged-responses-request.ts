import type { ReasoningEffort } from '@modelgate/core';

// The Responses request as the bridge reads it (PROTOCOLS B.1): every field OpenAI documents, so
// that RESPONSES_BRIDGE_POLICY must decide each one. The front validates only `model`, `input` and
// `stream`; the converters check the shapes of what they read and refuse what they cannot carry.

/** One `input` item; the converters read it by `type` (a message may omit it). */
export type ResponsesInputItem = Record<string, unknown> & { type?: string };

/** One `tools` entry: `function` and `custom` are bridged, hosted tools are refused. */
export type ResponsesToolParam = Record<string, unknown> & { type: string; name?: string };

export type ResponsesTextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema?: Record<string, unknown>; strict?: boolean | null; description?: string };

export interface BridgedResponsesRequest {
  model: string;
  input?: string | ResponsesInputItem[];
  instructions?: string | null;
  tools?: ResponsesToolParam[];
  tool_choice?: unknown;
  parallel_tool_calls?: boolean | null;
  reasoning?: { effort?: ReasoningEffort | null; summary?: 'auto' | 'concise' | 'detailed' | null; generate_summary?: unknown } | null;
  text?: { format?: ResponsesTextFormat | null; verbosity?: 'low' | 'medium' | 'high' | null } | null;
  max_output_tokens?: number | null;
  max_tool_calls?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  top_logprobs?: number | null;
  truncation?: 'auto' | 'disabled' | null;
  stream?: boolean | null;
  stream_options?: Record<string, unknown> | null;
  include?: string[] | null;
  store?: boolean | null;
  previous_response_id?: string | null;
  conversation?: unknown;
  background?: boolean | null;
  prompt?: unknown;
  prompt_cache_key?: string | null;
  prompt_cache_retention?: string | null;
  prompt_cache_options?: unknown;
  context_management?: unknown;
  service_tier?: string | null;
  metadata?: Record<string, string> | null;
  safety_identifier?: string | null;
  user?: string | null;
  moderation?: unknown;
  /** Codex's own per-request metadata (PROTOCOLS C.7). */
  client_metadata?: unknown;
}
