/** One content block of a scripted answer, as Anthropic would generate it. */
export type AnthropicScriptedBlock =
  | { type: 'text'; text: string }
  /** `id` defaults to `toolu_<random>`; `input` is the tool input object. */
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown> }
  /** `signature` defaults to a random opaque string. */
  | { type: 'thinking'; thinking: string; signature?: string };

export interface AnthropicScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
}

/**
 * One scripted answer of the Anthropic simulator. `stopReason` defaults to `tool_use` when a
 * tool_use block is present, else `end_turn`; `stop_sequence` needs `stopSequence`.
 */
export interface AnthropicScriptedReply {
  content: AnthropicScriptedBlock[];
  stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';
  stopSequence?: string;
  usage?: AnthropicScriptedUsage;
}
