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
  server_tool_use?: unknown;
  service_tier?: string | null;
  [field: string]: unknown;
}

export type AnthropicContentBlock =
  | { type: 'text'; text: string; citations?: unknown[] | null }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicContentBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
  [field: string]: unknown;
}

export type AnthropicContentBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string };

/** The events of a Messages stream; each SSE event's `event:` name equals its `type` (D.5). */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicMessage }
  | { type: 'content_block_start'; index: number; content_block: AnthropicContentBlock }
  | { type: 'content_block_delta'; index: number; delta: AnthropicContentBlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: AnthropicStopReason | null; stop_sequence: string | null }; usage: Partial<AnthropicUsage> }
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
