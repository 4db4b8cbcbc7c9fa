// What `POST /v1/messages` answers (PROTOCOLS D.4, D.5, D.6, D.7; field names verbatim).

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

/**
 * `input_tokens` counts only the input after the last cache breakpoint: the whole prompt is
 * `input_tokens + cache_creation_input_tokens + cache_read_input_tokens` (D.4).
 */
export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number } | null;
  output_tokens_details?: { thinking_tokens?: number } | null;
  server_tool_use?: unknown;
  service_tier?: string | null;
  [field: string]: unknown;
}

// The answer's blocks are type aliases, not interfaces, so that a tolerant reader may view one as
// a loose `{ type: string; [field: string]: unknown }` (what an upstream stream may also carry).
export type AnthropicTextBlock = {
  type: 'text';
  text: string;
  citations?: unknown[] | null;
};

export type AnthropicThinkingBlock = {
  type: 'thinking';
  thinking: string;
  signature: string;
};

export type AnthropicRedactedThinkingBlock = {
  type: 'redacted_thinking';
  data: string;
};

export type AnthropicToolUseBlock = {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
};

/**
 * The answer's blocks a client can act on. Anthropic also sends server-tool blocks
 * (`server_tool_use`, `web_search_tool_result`, …) that run on its side: a reader of an upstream
 * answer meets those too and passes or skips them by `type`.
 */
export type AnthropicContentBlock = AnthropicTextBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock | AnthropicToolUseBlock;

/** Why a `refusal` stopped the answer, on newer responses. */
export interface AnthropicStopDetails {
  type?: string;
  category?: string | null;
  explanation?: string | null;
}

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicContentBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  stop_details?: AnthropicStopDetails | null;
  usage: AnthropicUsage;
  [field: string]: unknown;
}

export type AnthropicContentBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

/** The events of a Messages stream; each SSE event's `event:` name equals its `type` (D.5). */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicMessage }
  | { type: 'content_block_start'; index: number; content_block: AnthropicContentBlock }
  | { type: 'content_block_delta'; index: number; delta: AnthropicContentBlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: AnthropicStopReason | null; stop_sequence: string | null; stop_details?: AnthropicStopDetails | null }; usage: Partial<AnthropicUsage> }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };

/** Anthropic's error types (D.6). */
export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'billing_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'timeout_error'
  | 'overloaded_error';

/** Anthropic's error envelope. */
export interface AnthropicErrorEnvelope {
  type: 'error';
  error: { type: AnthropicErrorType; message: string };
  request_id?: string;
}

/** `POST /v1/messages/count_tokens`. */
export interface AnthropicCountTokensResponse {
  input_tokens: number;
}

/** One entry of `GET /v1/models` as Anthropic lists it (D.7). */
export interface AnthropicModelInfo {
  type: 'model';
  id: string;
  display_name: string;
  /** RFC 3339. */
  created_at: string;
}

export interface AnthropicModelList {
  data: AnthropicModelInfo[];
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}
