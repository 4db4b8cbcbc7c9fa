import { defineParameterMap, type ChatCompletionRequest } from '@modelgate/core';

/**
 * How every /v1 request field reaches Anthropic. `mapped` names the converter that translates it;
 * `unsupported` fields are rejected with a 400 naming them, or dropped with a warning when the
 * provider's `unsupportedParameters` is `drop`. Values that ask for the default (`n: 1`,
 * `logprobs: false`, `store: false`, …) pass. A field added to ChatCompletionRequest is a compile
 * error here until it is decided.
 */
export const ANTHROPIC_PARAMETER_MAP = defineParameterMap<ChatCompletionRequest>({
  model: { mapped: 'routing: the upstream model chosen by the gateway' },
  messages: { mapped: 'convert-to-anthropic-messages' },
  max_completion_tokens: { mapped: 'max_tokens, capped at the model’s output limit (anthropic-output-limit)' },
  max_tokens: { mapped: 'max_tokens (max_completion_tokens wins when both are sent)' },
  temperature: { mapped: 'temperature, clamped to Anthropic’s 0–1; dropped while thinking or where the model takes none (anthropic-sampling)' },
  top_p: { mapped: 'top_p; dropped next to temperature on models that take only one, while thinking, or where the model takes none' },
  stop: { mapped: 'stop_sequences (whitespace-only entries dropped with a warning)' },
  user: { mapped: 'metadata.user_id' },
  safety_identifier: { mapped: 'metadata.user_id (wins over user)' },
  stream: { mapped: 'stream' },
  stream_options: { mapped: 'include_usage: the final usage chunk; include_obfuscation is a no-op' },
  tools: { mapped: 'convert-to-anthropic-tools (strict schemas transformed; history-only tools declared when absent)' },
  tool_choice: { mapped: 'convert-to-anthropic-tools' },
  parallel_tool_calls: { mapped: 'tool_choice.disable_parallel_tool_use' },
  response_format: { mapped: 'output_config.format (strict json_schema) or a system instruction (anthropic-output-format)' },
  reasoning_effort: { mapped: 'thinking budget_tokens, or adaptive thinking with output_config.effort (anthropic-thinking)' },
  n: { unsupported: 'Anthropic returns one choice per request', accepts: (value) => value === 1 },
  logprobs: { unsupported: 'Anthropic returns no log probabilities', accepts: (value) => value === false },
  top_logprobs: { unsupported: 'Anthropic returns no log probabilities', accepts: (value) => value === 0 },
  logit_bias: { unsupported: 'Anthropic has no token biasing', accepts: (value) => Object.keys(value).length === 0 },
  frequency_penalty: { unsupported: 'Anthropic has no frequency penalty', accepts: (value) => value === 0 },
  presence_penalty: { unsupported: 'Anthropic has no presence penalty', accepts: (value) => value === 0 },
  seed: { unsupported: 'Anthropic has no sampling seed' },
  audio: { unsupported: 'Anthropic produces no audio' },
  modalities: { unsupported: 'Anthropic produces text only', accepts: (value) => value.every((modality) => modality === 'text') },
  prediction: { unsupported: 'Anthropic has no predicted outputs' },
  functions: { unsupported: "the deprecated functions API is not translated; use 'tools'" },
  function_call: { unsupported: "the deprecated functions API is not translated; use 'tool_choice'" },
  metadata: { unsupported: 'OpenAI stored-completion metadata has no Anthropic equivalent', accepts: (value) => Object.keys(value).length === 0 },
  store: { unsupported: 'Anthropic does not store completions', accepts: (value) => value === false },
  service_tier: { unsupported: "Anthropic's service tiers differ from OpenAI's", accepts: (value) => value === 'auto' || value === 'default' },
  prompt_cache_key: { unsupported: 'Anthropic caches by cache_control breakpoints, not by key' },
  prompt_cache_options: { unsupported: 'Anthropic caches by cache_control breakpoints' },
  prompt_cache_retention: { unsupported: 'Anthropic caches by cache_control breakpoints' },
  verbosity: { unsupported: 'Anthropic has no verbosity setting' },
  web_search_options: { unsupported: "Anthropic's web search is a server tool the gateway does not translate" },
  moderation: { unsupported: 'Anthropic has no moderation option' },
});
