// The body of `POST /v1/messages` (and `/v1/messages/count_tokens`), as Anthropic defines it
// (PROTOCOLS D.2, D.3; field names verbatim). The gateway relays it untouched to Anthropic models,
// so the types stay open (`[field: string]: unknown`): a new Anthropic field never breaks a
// request. The bridge to other families reads the fields named here.

export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export interface AnthropicTextBlockParam {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl | null;
  citations?: unknown[] | null;
}

export type AnthropicImageSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string };

export interface AnthropicImageBlockParam {
  type: 'image';
  source: AnthropicImageSource;
  cache_control?: AnthropicCacheControl | null;
}

export type AnthropicDocumentSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'text'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'content'; content: string | AnthropicTextBlockParam[] }
  | { type: 'file'; file_id: string };

export interface AnthropicDocumentBlockParam {
  type: 'document';
  source: AnthropicDocumentSource;
  title?: string | null;
  context?: string | null;
  cache_control?: AnthropicCacheControl | null;
}

export interface AnthropicToolUseBlockParam {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  cache_control?: AnthropicCacheControl | null;
}

export interface AnthropicToolResultBlockParam {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicDocumentBlockParam>;
  is_error?: boolean;
  cache_control?: AnthropicCacheControl | null;
}

export interface AnthropicThinkingBlockParam {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface AnthropicRedactedThinkingBlockParam {
  type: 'redacted_thinking';
  data: string;
}

export type AnthropicContentBlockParam =
  | AnthropicTextBlockParam
  | AnthropicImageBlockParam
  | AnthropicDocumentBlockParam
  | AnthropicToolUseBlockParam
  | AnthropicToolResultBlockParam
  | AnthropicThinkingBlockParam
  | AnthropicRedactedThinkingBlockParam;

export interface AnthropicMessageParam {
  /** `system`: an instruction in the conversation's course (newer API; Claude Code sends its context this way). */
  role: 'user' | 'assistant' | 'system';
  content: string | AnthropicContentBlockParam[];
}

/** A custom (client) tool; server tools have a versioned `type` such as `web_search_20250305`. */
export interface AnthropicTool {
  name: string;
  type?: 'custom' | (string & {});
  description?: string;
  input_schema?: Record<string, unknown>;
  cache_control?: AnthropicCacheControl | null;
  strict?: boolean;
  /** Tool search (beta): the tool is not shown to the model until a search loads it. */
  defer_loading?: boolean;
  [field: string]: unknown;
}

export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

export type AnthropicThinkingConfig =
  | { type: 'enabled'; budget_tokens: number; display?: 'summarized' | 'omitted' }
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

export type AnthropicEffort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface AnthropicOutputConfig {
  effort?: AnthropicEffort;
  format?: { type: 'json_schema'; schema: Record<string, unknown> } | null;
}

/**
 * Every field Anthropic documents for the request body. Open (`[field: string]`) for the
 * pass-through; the bridge's parameter policy names each field it maps, ignores or refuses.
 */
export interface AnthropicMessagesRequest {
  model: string;
  messages: AnthropicMessageParam[];
  /** Required by `/v1/messages`; absent on `count_tokens`. */
  max_tokens?: number;
  system?: string | AnthropicTextBlockParam[];
  stop_sequences?: string[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  metadata?: { user_id?: string | null };
  stream?: boolean;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  thinking?: AnthropicThinkingConfig;
  output_config?: AnthropicOutputConfig;
  service_tier?: 'auto' | 'standard_only';
  cache_control?: AnthropicCacheControl | null;
  container?: unknown;
  context_management?: { edits?: Array<{ type: string; [field: string]: unknown }> } | null;
  mcp_servers?: unknown[];
  inference_geo?: string | null;
  [field: string]: unknown;
}
