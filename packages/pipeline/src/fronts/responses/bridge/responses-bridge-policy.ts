import { defineParameterMap } from '@modelgate/core';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';

/** The only `include` value a bridged answer can honour: its reasoning, carried in `encrypted_content`. */
export const BRIDGED_INCLUDES: ReadonlySet<string> = new Set(['reasoning.encrypted_content']);

const STATELESS = 'the gateway keeps no conversation for models it bridges; send the whole history in input, with store: false';

/**
 * How each Responses field reaches a bridged family (the hub, OpenAI Chat): mapped, or a 400 naming
 * it (`unsupported`) unless its value asks for nothing the hub lacks (`accepts`). The gateway stores
 * nothing for a bridged model, so every stateful field is refused (PROTOCOLS B.1). Caching hints are
 * accepted and not sent: other families cache prompt prefixes on their own. Fields this map does
 * not know are refused too, so nothing is dropped silently.
 */
export const RESPONSES_BRIDGE_POLICY = defineParameterMap<BridgedResponsesRequest>({
  model: { mapped: 'routing' },
  input: { mapped: 'convert-responses-input' },
  instructions: { mapped: 'a leading system message' },
  tools: { mapped: 'convert-responses-tools' },
  tool_choice: { mapped: 'convert-responses-tools' },
  parallel_tool_calls: { mapped: 'parallel_tool_calls' },
  reasoning: { mapped: 'effort → reasoning_effort; summary → reasoning summaries shown' },
  text: { mapped: 'format → response_format, verbosity → verbosity' },
  max_output_tokens: { mapped: 'max_completion_tokens' },
  temperature: { mapped: 'temperature' },
  top_p: { mapped: 'top_p' },
  stream: { mapped: 'stream, with stream_options.include_usage' },
  safety_identifier: { mapped: 'safety_identifier' },
  user: { mapped: 'user' },
  include: { unsupported: 'only reasoning.encrypted_content can be included', accepts: (value) => value.every((entry) => BRIDGED_INCLUDES.has(entry)) },
  store: { unsupported: STATELESS, accepts: (value) => value === false },
  previous_response_id: { unsupported: STATELESS },
  conversation: { unsupported: STATELESS },
  background: { unsupported: `${STATELESS}, so a response cannot run in the background`, accepts: (value) => value === false },
  prompt: { unsupported: 'stored prompt templates exist only on OpenAI' },
  context_management: { unsupported: "server-side compaction exists only on OpenAI (Codex compacts itself with a provider not named 'OpenAI')" },
  truncation: { unsupported: 'the hub never truncates a conversation', accepts: (value) => value === 'disabled' },
  max_tool_calls: { unsupported: 'OpenAI Chat, the hub, cannot cap tool calls' },
  top_logprobs: { unsupported: 'log probabilities are not bridged', accepts: (value) => value === 0 },
  moderation: { unsupported: "OpenAI's moderation settings exist only on OpenAI" },
  service_tier: { unsupported: "OpenAI's service tiers", accepts: (value) => value === 'auto' || value === 'default' },
  stream_options: { unsupported: 'stream obfuscation is not bridged', accepts: () => true },
  prompt_cache_key: { unsupported: 'other families cache prompt prefixes on their own', accepts: () => true },
  prompt_cache_retention: { unsupported: 'other families cache prompt prefixes on their own', accepts: () => true },
  prompt_cache_options: { unsupported: 'other families cache prompt prefixes on their own', accepts: () => true },
  metadata: { unsupported: 'metadata is echoed on the response, never sent upstream', accepts: () => true },
  client_metadata: { unsupported: "Codex's client metadata is not sent upstream", accepts: () => true },
});
