// The body of `POST /v1/chat/completions`, as OpenAI defines it (field names verbatim).
// Providers other than OpenAI translate from these types; OpenAI receives the client's body as sent.

import type { ExtraContent, ReasoningDetail } from './hub-extensions.js';

export interface TextContentPart {
  type: 'text';
  text: string;
}

export interface ImageContentPart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

export interface InputAudioContentPart {
  type: 'input_audio';
  input_audio: { data: string; format: 'wav' | 'mp3' };
}

export interface FileContentPart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}

export interface RefusalContentPart {
  type: 'refusal';
  refusal: string;
}

export type UserContentPart = TextContentPart | ImageContentPart | InputAudioContentPart | FileContentPart;

export interface FunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Hub extension: vendor data for this call, e.g. `{ google: { thought_signature } }` (PROTOCOLS F.3). */
  extra_content?: ExtraContent;
}

export interface SystemMessage {
  role: 'system';
  content: string | TextContentPart[];
  name?: string;
}

export interface DeveloperMessage {
  role: 'developer';
  content: string | TextContentPart[];
  name?: string;
}

export interface UserMessage {
  role: 'user';
  content: string | UserContentPart[];
  name?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content?: string | Array<TextContentPart | RefusalContentPart> | null;
  name?: string;
  refusal?: string | null;
  tool_calls?: FunctionToolCall[];
  /** Reasoning text some gateways and DeepSeek return; sent back by some clients. */
  reasoning_content?: string | null;
  /** Hub extension: the signed or encrypted reasoning of this turn, as the gateway answered it (PROTOCOLS F.3, F.12). */
  reasoning_details?: ReasoningDetail[];
}

export interface ToolMessage {
  role: 'tool';
  content: string | TextContentPart[];
  tool_call_id: string;
  /**
   * Hub extension: the tool failed (Anthropic's `tool_result.is_error`). Set by the Messages bridge
   * only for a family that carries it (Gemini: `functionResponse.response.error`); never sent on.
   */
  is_error?: boolean;
  /**
   * Hub extension: the tool result's images (Anthropic's images inside a `tool_result`). Set by the
   * Messages bridge only for a family that reads it (Gemini: `functionResponse.parts` where the model
   * takes them, else the user turn that follows); never sent on. Other families get them in the
   * next user message.
   */
  images?: ImageContentPart[];
}

export interface FunctionMessage {
  role: 'function';
  content: string | null;
  name: string;
}

export type ChatMessage =
  | SystemMessage
  | DeveloperMessage
  | UserMessage
  | AssistantMessage
  | ToolMessage
  | FunctionMessage;

export type ChatMessageRole = ChatMessage['role'];

export interface FunctionTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean | null;
  };
}

export interface CustomTool {
  type: 'custom';
  custom: { name: string; description?: string; format?: Record<string, unknown> };
}

export type ChatTool = FunctionTool | CustomTool;

export type ChatToolChoice =
  | 'none'
  | 'auto'
  | 'required'
  | { type: 'function'; function: { name: string } }
  | { type: 'custom'; custom: { name: string } }
  | { type: 'allowed_tools'; allowed_tools: { mode: 'auto' | 'required'; tools: Array<Record<string, unknown>> } };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null };
    };

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface StreamOptions {
  include_usage?: boolean;
  include_obfuscation?: boolean;
}

/**
 * Every field OpenAI documents for the request. The list is closed on purpose: a translator's
 * parameter map is typed over `keyof ChatCompletionRequest`, so a field added here is a compile
 * error in every provider until someone decides how it maps.
 */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  audio?: { voice: string; format: string } | null;
  frequency_penalty?: number | null;
  function_call?: 'none' | 'auto' | { name: string };
  functions?: Array<{ name: string; description?: string; parameters?: Record<string, unknown> }>;
  logit_bias?: Record<string, number> | null;
  logprobs?: boolean | null;
  max_completion_tokens?: number | null;
  max_tokens?: number | null;
  metadata?: Record<string, string> | null;
  modalities?: Array<'text' | 'audio'> | null;
  moderation?: unknown;
  n?: number | null;
  parallel_tool_calls?: boolean;
  prediction?: { type: 'content'; content: string | TextContentPart[] } | null;
  presence_penalty?: number | null;
  prompt_cache_key?: string;
  prompt_cache_options?: unknown;
  prompt_cache_retention?: string | null;
  reasoning_effort?: ReasoningEffort | null;
  response_format?: ResponseFormat;
  safety_identifier?: string;
  seed?: number | null;
  service_tier?: 'auto' | 'default' | 'flex' | 'scale' | 'priority' | 'fast' | null;
  stop?: string | string[] | null;
  store?: boolean | null;
  stream?: boolean | null;
  stream_options?: StreamOptions | null;
  temperature?: number | null;
  tool_choice?: ChatToolChoice;
  tools?: ChatTool[];
  top_logprobs?: number | null;
  top_p?: number | null;
  user?: string;
  verbosity?: 'low' | 'medium' | 'high' | null;
  web_search_options?: Record<string, unknown>;
}

export type ChatCompletionRequestField = keyof ChatCompletionRequest;
