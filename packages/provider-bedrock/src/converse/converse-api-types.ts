// The Bedrock Converse API's wire shapes (API reference "Converse", "ConverseStream", read 2026-11-27;
// PROTOCOLS J.3): camelCase members, content blocks as one-member unions.

export type ConverseImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ConverseToolUse {
  toolUseId: string;
  name: string;
  input: unknown;
}

export interface ConverseToolResult {
  toolUseId: string;
  content: Array<{ text: string } | { json: unknown }>;
  status?: 'success' | 'error';
}

export interface ConverseReasoningContent {
  reasoningText?: { text: string; signature?: string };
  /** Base64 of the encrypted reasoning. */
  redactedContent?: string;
}

export type ConverseContentBlock =
  | { text: string }
  | { image: { format: ConverseImageFormat; source: { bytes: string } } }
  | { toolUse: ConverseToolUse }
  | { toolResult: ConverseToolResult }
  | { reasoningContent: ConverseReasoningContent };

export interface ConverseMessage {
  role: 'user' | 'assistant';
  content: ConverseContentBlock[];
}

export interface ConverseTool {
  toolSpec: { name: string; description?: string; inputSchema: { json: unknown }; strict?: boolean };
}

export type ConverseToolChoice = { auto: Record<string, never> } | { any: Record<string, never> } | { tool: { name: string } };

export interface ConverseRequest {
  messages: ConverseMessage[];
  system?: Array<{ text: string }>;
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  toolConfig?: { tools: ConverseTool[]; toolChoice?: ConverseToolChoice };
  /** Structured output (GA 2026-02): the schema travels as a JSON string. */
  outputConfig?: { textFormat: { type: 'json_schema'; structure: { jsonSchema: { schema: string; name?: string; description?: string } } } };
  additionalModelRequestFields?: Record<string, unknown>;
}

export type ConverseStopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'guardrail_intervened'
  | 'content_filtered'
  | 'malformed_model_output'
  | 'malformed_tool_use'
  | 'model_context_window_exceeded';

export interface ConverseUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

export interface ConverseResponse {
  output: { message: ConverseMessage };
  stopReason: ConverseStopReason;
  usage: ConverseUsage;
  metrics?: { latencyMs: number };
}

/** ConverseStream's events, as the stream decoder names them (`event:` = the frame's `:event-type`). */
export interface ConverseStreamEvents {
  messageStart: { role: 'assistant' };
  contentBlockStart: { contentBlockIndex: number; start: { toolUse?: { toolUseId: string; name: string } } };
  contentBlockDelta: {
    contentBlockIndex: number;
    delta: { text?: string; toolUse?: { input: string }; reasoningContent?: { text?: string; signature?: string; redactedContent?: string } };
  };
  contentBlockStop: { contentBlockIndex: number };
  messageStop: { stopReason: ConverseStopReason };
  metadata: { usage: ConverseUsage; metrics?: { latencyMs: number } };
}
