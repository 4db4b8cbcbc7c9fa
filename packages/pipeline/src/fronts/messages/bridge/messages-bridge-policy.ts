import { defineParameterMap, type AnthropicMessagesRequest } from '@modelgate/core';

/** `context_management` edits that change nothing: thinking cleared with everything kept. */
function keepsEverything(value: NonNullable<AnthropicMessagesRequest['context_management']>): boolean {
  return (value.edits ?? []).every((edit) => edit.type.startsWith('clear_thinking_') && edit.keep === 'all');
}

/**
 * How each Messages field reaches a bridged family (the hub, OpenAI Chat): mapped, or refused with
 * a 400 naming it (`unsupported`), except the values that ask for nothing the hub lacks (`accepts`).
 * Hints that do not change the answer are accepted and not sent: other families cache prompts on
 * their own, and the end-user id is Anthropic's abuse tooling's. Fields this map does not know are
 * dropped with a logged warning naming them (convert-messages-request): clients add fields with
 * every release, and a field that changes the answer is listed here as soon as it is known.
 */
export const MESSAGES_BRIDGE_POLICY = defineParameterMap<AnthropicMessagesRequest>({
  model: { mapped: 'routing' },
  messages: { mapped: 'convert-messages-to-chat' },
  max_tokens: { mapped: 'max_completion_tokens' },
  system: { mapped: 'a leading system message' },
  stop_sequences: { mapped: 'stop' },
  temperature: { mapped: 'temperature' },
  top_p: { mapped: 'top_p' },
  stream: { mapped: 'stream, with stream_options.include_usage' },
  tools: { mapped: 'convert-messages-tools' },
  tool_choice: { mapped: 'convert-messages-tools' },
  thinking: { mapped: 'reasoning_effort (by budget), or none' },
  output_config: { mapped: 'effort → reasoning_effort, format → response_format json_schema' },
  metadata: { unsupported: 'the end-user id is not sent to other families', accepts: () => true },
  cache_control: { unsupported: 'other families cache prompt prefixes on their own', accepts: () => true },
  service_tier: { unsupported: "Anthropic's service tiers", accepts: () => true },
  context_management: { unsupported: 'the hub keeps the whole history; only clear_thinking with keep: all is accepted', accepts: keepsEverything },
  top_k: { unsupported: 'OpenAI Chat, the hub, has no top_k' },
  container: { unsupported: "Anthropic's code-execution containers exist only on Anthropic" },
  mcp_servers: { unsupported: "Anthropic's MCP connector exists only on Anthropic" },
  inference_geo: { unsupported: "Anthropic's inference regions exist only on Anthropic" },
});
