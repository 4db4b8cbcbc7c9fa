import type { ChatCompletionRequest, ResponseFormat } from '@modelgate/core';
import type { OpenAiCompatibleParameterPolicy, OpenAiCompatibleParameterRule } from '@modelgate/provider-openai-compatible';
import type { DeepSeekSettings } from './deepseek-settings.js';
import { planDeepSeekThinking } from './plan-deepseek-thinking.js';

type Rules = Readonly<Record<string, OpenAiCompatibleParameterRule>>;

/**
 * /v1 fields DeepSeek's Chat Completions does not take as OpenAI sends them, whatever the mode.
 * Values that ask for the default pass. Fields not named here (`stop`, `tools`, `stream_options`,
 * a client's own `thinking`, …) go out as sent.
 */
const ALWAYS: Rules = {
  max_completion_tokens: { renamedTo: 'max_tokens' },
  n: { unsupported: 'DeepSeek returns one choice per request', accepts: (value) => value === 1 },
  seed: { unsupported: 'DeepSeek has no sampling seed' },
  logit_bias: { unsupported: 'DeepSeek has no token biasing', accepts: (value) => Object.keys(value as object).length === 0 },
  parallel_tool_calls: { unsupported: 'DeepSeek cannot be kept to one tool call per turn', accepts: (value) => value === true },
  audio: { unsupported: 'DeepSeek produces no audio' },
  modalities: { unsupported: 'DeepSeek produces text only', accepts: (value) => (value as string[]).every((modality) => modality === 'text') },
  prediction: { unsupported: 'DeepSeek has no predicted outputs' },
  functions: { unsupported: "DeepSeek has no deprecated functions API; use 'tools'" },
  function_call: { unsupported: "DeepSeek has no deprecated functions API; use 'tool_choice'" },
  service_tier: { unsupported: 'DeepSeek has no service tiers', accepts: (value) => value === 'auto' || value === 'default' },
  store: { unsupported: 'DeepSeek does not store completions', accepts: (value) => value === false },
  verbosity: { unsupported: 'DeepSeek has no verbosity setting' },
  web_search_options: { unsupported: 'DeepSeek’s chat endpoint has no web search option' },
};

/** DeepSeek's `user_id` (end-user isolation) takes only these (PROTOCOLS G.2). */
const USER_ID = /^[A-Za-z0-9_-]{1,512}$/;

/** OpenAI's end-user ids become DeepSeek's `user_id` when DeepSeek accepts their characters. */
function endUserRules(request: ChatCompletionRequest): Rules {
  const rule = (value: string | undefined): OpenAiCompatibleParameterRule =>
    value === undefined || USER_ID.test(value) ? { renamedTo: 'user_id' } : { unsupported: "DeepSeek's user_id takes only letters, digits, '-' and '_' (at most 512)" };
  return { user: rule(request.user), safety_identifier: rule(request.safety_identifier) };
}

/**
 * What DeepSeek rejects (log probabilities) while it thinks (PROTOCOLS G.2). The sampling fields it
 * accepts and ignores then are dropped by the request hook (`dropDeepSeekThinkingSampling`), never refused.
 */
const WHILE_THINKING: Rules = {
  logprobs: { unsupported: "DeepSeek returns no log probabilities while thinking (send reasoning_effort 'none' to answer without thinking)", accepts: (value) => value === false },
  top_logprobs: { unsupported: "DeepSeek returns no log probabilities while thinking (send reasoning_effort 'none' to answer without thinking)", accepts: (value) => value === 0 },
};

const JSON_SCHEMA_REJECTED: Rules = {
  response_format: {
    unsupported: "DeepSeek offers only response_format 'json_object'",
    accepts: (value) => (value as ResponseFormat).type !== 'json_schema',
  },
};

/**
 * The parameter policy of one request, for the compatible base: the same machinery and messages as
 * every provider (a 400 naming the field, or dropped with a warning under `unsupportedParameters:
 * drop`). Sampling rules apply only while the request thinks, and `user` maps only when DeepSeek
 * takes its characters: both depend on the request itself. When a client sends both `user` and
 * `safety_identifier`, the one later in its body is the `user_id`.
 */
export function deepSeekParameterPolicy(settings: DeepSeekSettings): (request: ChatCompletionRequest) => OpenAiCompatibleParameterPolicy {
  const forcedToolChoice = settings.forcedToolChoice ?? 'disable-thinking';
  const base = settings.jsonSchema === 'reject' ? { ...ALWAYS, ...JSON_SCHEMA_REJECTED } : ALWAYS;
  const thinking = { ...base, ...WHILE_THINKING };
  return (request) => ({
    rules: { ...(planDeepSeekThinking(request, forcedToolChoice).enabled ? thinking : base), ...endUserRules(request) },
    unsupportedParameters: settings.unsupportedParameters,
  });
}
