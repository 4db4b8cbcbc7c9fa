import { defineParameterMap, type ChatCompletionRequest } from '@modelgate/core';

/**
 * How every /v1 request field reaches Gemini. `mapped` names the converter that translates it;
 * `unsupported` fields are rejected with a 400 naming them, or dropped with a warning when the
 * provider's `unsupportedParameters` is `drop`. Values that ask for the default (`logprobs: false`,
 * `store: false`, `parallel_tool_calls: true`, …) pass. A field added to ChatCompletionRequest is a
 * compile error here until it is decided.
 */
export const GOOGLE_PARAMETER_MAP = defineParameterMap<ChatCompletionRequest>({
  model: { mapped: 'routing: the upstream model, in the URL' },
  messages: { mapped: 'convert-to-google-contents (contents, systemInstruction)' },
  max_completion_tokens: { mapped: 'generationConfig.maxOutputTokens' },
  max_tokens: { mapped: 'generationConfig.maxOutputTokens (max_completion_tokens wins when both are sent)' },
  temperature: { mapped: 'generationConfig.temperature (as sent; no default is injected)' },
  top_p: { mapped: 'generationConfig.topP' },
  stop: { mapped: 'generationConfig.stopSequences' },
  n: { mapped: 'generationConfig.candidateCount' },
  seed: { mapped: 'generationConfig.seed' },
  // Every current Gemini model answers 400 "Penalty is not enabled for this model" (PROTOCOLS E.2); 0 asks for nothing and is not sent.
  presence_penalty: { unsupported: 'current Gemini models refuse penalties ("Penalty is not enabled for this model")', accepts: (value) => value === 0 },
  frequency_penalty: { unsupported: 'current Gemini models refuse penalties ("Penalty is not enabled for this model")', accepts: (value) => value === 0 },
  stream: { mapped: 'the :streamGenerateContent?alt=sse URL' },
  stream_options: { mapped: 'include_usage: the final usage chunk; include_obfuscation is a no-op' },
  tools: { mapped: 'convert-to-google-tools (functionDeclarations)' },
  tool_choice: { mapped: 'convert-to-google-tools (toolConfig.functionCallingConfig)' },
  response_format: { mapped: 'generationConfig.responseMimeType + responseJsonSchema (or the legacy responseSchema)' },
  reasoning_effort: { mapped: 'generationConfig.thinkingConfig: thinkingLevel or thinkingBudget, per model' },
  parallel_tool_calls: { unsupported: 'Gemini has no switch for parallel function calls', accepts: (value) => value === true },
  logprobs: { unsupported: 'log probabilities are not translated', accepts: (value) => value === false },
  top_logprobs: { unsupported: 'log probabilities are not translated', accepts: (value) => value === 0 },
  logit_bias: { unsupported: 'Gemini has no token biasing', accepts: (value) => Object.keys(value).length === 0 },
  user: { unsupported: 'the Gemini API has no end-user field' },
  safety_identifier: { unsupported: 'the Gemini API has no end-user field' },
  audio: { unsupported: 'audio output is not translated' },
  modalities: { unsupported: 'only text output is translated', accepts: (value) => value.every((modality) => modality === 'text') },
  prediction: { unsupported: 'Gemini has no predicted outputs' },
  functions: { unsupported: "the deprecated functions API is not translated; use 'tools'" },
  function_call: { unsupported: "the deprecated functions API is not translated; use 'tool_choice'" },
  metadata: { unsupported: 'OpenAI stored-completion metadata has no Gemini equivalent', accepts: (value) => Object.keys(value).length === 0 },
  store: { unsupported: 'Gemini does not store completions', accepts: (value) => value === false },
  service_tier: { unsupported: "Gemini's service tiers differ from OpenAI's", accepts: (value) => value === 'auto' || value === 'default' },
  prompt_cache_key: { unsupported: 'Gemini caches implicitly or by cachedContent resources, not by key' },
  prompt_cache_options: { unsupported: 'Gemini caches implicitly or by cachedContent resources' },
  prompt_cache_retention: { unsupported: 'Gemini caches implicitly or by cachedContent resources' },
  verbosity: { unsupported: 'Gemini has no verbosity setting' },
  web_search_options: { unsupported: "Gemini's Google Search grounding is a hosted tool the gateway does not translate" },
  moderation: { unsupported: 'Gemini has no moderation option' },
});
