import { defineParameterMap, type ChatCompletionRequest } from '@modelgate/core';

/**
 * How every /v1 request field reaches the Converse API (PROTOCOLS J.3). `unsupported` fields are
 * refused with a 400 naming them; values that ask for the default pass. A field added to
 * ChatCompletionRequest is a compile error here until it is decided.
 */
export const CONVERSE_PARAMETER_MAP = defineParameterMap<ChatCompletionRequest>({
  model: { mapped: 'routing: the model or inference profile id, in the URL' },
  messages: { mapped: 'convert-to-converse-messages (messages, system)' },
  max_completion_tokens: { mapped: 'inferenceConfig.maxTokens' },
  max_tokens: { mapped: 'inferenceConfig.maxTokens (max_completion_tokens wins when both are sent)' },
  temperature: { mapped: 'inferenceConfig.temperature' },
  top_p: { mapped: 'inferenceConfig.topP' },
  stop: { mapped: 'inferenceConfig.stopSequences' },
  stream: { mapped: 'the /converse-stream URL' },
  stream_options: { mapped: 'include_usage: the final usage chunk (from the metadata event)' },
  tools: { mapped: 'toolConfig.tools (toolSpec)' },
  tool_choice: { mapped: 'toolConfig.toolChoice (auto, any, tool); `none` is refused: Converse has no such choice' },
  response_format: { mapped: 'outputConfig.textFormat (json_schema); json_object is refused' },
  parallel_tool_calls: { unsupported: 'Converse has no switch for parallel tool calls', accepts: (value) => value === true },
  n: { unsupported: 'Converse returns one message per request', accepts: (value) => value === 1 },
  seed: { unsupported: 'Converse has no seed' },
  presence_penalty: { unsupported: 'Converse has no penalties', accepts: (value) => value === 0 },
  frequency_penalty: { unsupported: 'Converse has no penalties', accepts: (value) => value === 0 },
  reasoning_effort: { unsupported: "reasoning settings are per model on Bedrock (additionalModelRequestFields) and are not translated" },
  logprobs: { unsupported: 'Converse returns no log probabilities', accepts: (value) => value === false },
  top_logprobs: { unsupported: 'Converse returns no log probabilities', accepts: (value) => value === 0 },
  logit_bias: { unsupported: 'Converse has no token biasing', accepts: (value) => Object.keys(value).length === 0 },
  user: { unsupported: 'Converse has no end-user field' },
  safety_identifier: { unsupported: 'Converse has no end-user field' },
  audio: { unsupported: 'audio output is not translated' },
  modalities: { unsupported: 'only text output is translated', accepts: (value) => value.every((modality) => modality === 'text') },
  prediction: { unsupported: 'Converse has no predicted outputs' },
  functions: { unsupported: "the deprecated functions API is not translated; use 'tools'" },
  function_call: { unsupported: "the deprecated functions API is not translated; use 'tool_choice'" },
  metadata: { unsupported: 'OpenAI stored-completion metadata has no Converse equivalent', accepts: (value) => Object.keys(value).length === 0 },
  store: { unsupported: 'Bedrock does not store completions', accepts: (value) => value === false },
  service_tier: { unsupported: "Bedrock's service tiers differ from OpenAI's", accepts: (value) => value === 'auto' || value === 'default' },
  prompt_cache_key: { unsupported: 'Converse caches at cachePoint blocks, not by key' },
  prompt_cache_options: { unsupported: 'Converse caches at cachePoint blocks' },
  prompt_cache_retention: { unsupported: 'Converse caches at cachePoint blocks' },
  verbosity: { unsupported: 'Converse has no verbosity setting' },
  web_search_options: { unsupported: 'Converse has no hosted web search' },
  moderation: { unsupported: 'Converse has no moderation option' },
});
