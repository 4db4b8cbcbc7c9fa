import { applyParameterPolicy, invalidRequest, type AnthropicOutputConfig, type AnthropicTextBlockParam, type CallContextV1, type ChatCompletionRequest } from '@modelgate/core';
import { anthropicModelTraits } from './anthropic-models.js';
import { planOutputFormat } from './anthropic-output-format.js';
import { breakpointCarriers, MAX_CACHE_BREAKPOINTS, placeAnthropicCacheBreakpoints } from './place-anthropic-cache-breakpoints.js';
import { ANTHROPIC_DEFAULT_MAX_TOKENS, planOutputLimit } from './anthropic-output-limit.js';
import { ANTHROPIC_PARAMETER_MAP } from './anthropic-parameter-map.js';
import { planSampling } from './anthropic-sampling.js';
import type { AnthropicSettings, AnthropicThinkingBudgets } from './anthropic-settings.js';
import { planThinking } from './anthropic-thinking.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
import type { SentAnthropicRequest } from './sent-anthropic-request.js';

/** PROTOCOLS F.12, LiteLLM's budgets for low/medium/high, doubled upwards; `minimal` is clamped to Anthropic's 1024 minimum. */
export const DEFAULT_THINKING_BUDGETS: AnthropicThinkingBudgets = {
  minimal: 1024,
  low: 1024,
  medium: 2048,
  high: 4096,
  xhigh: 8192,
  max: 16384,
};

function stopSequences(stop: ChatCompletionRequest['stop'], call: CallContextV1): string[] | undefined {
  if (stop === undefined || stop === null) return undefined;
  const all = typeof stop === 'string' ? [stop] : stop;
  const kept = all.filter((sequence) => sequence.trim() !== '');
  if (kept.length < all.length) call.warn({ kind: 'dropped-parameter', parameter: 'stop', reason: 'Anthropic rejects whitespace-only stop sequences' });
  return kept.length > 0 ? kept : undefined;
}

function checkCacheBreakpoints(body: SentAnthropicRequest): void {
  const breakpoints = breakpointCarriers(body).filter((block) => block.cache_control !== undefined && block.cache_control !== null).length;
  if (breakpoints > MAX_CACHE_BREAKPOINTS) {
    throw invalidRequest(`Anthropic accepts at most ${MAX_CACHE_BREAKPOINTS} cache_control breakpoints per request; this one has ${breakpoints}.`, 'messages', 'invalid_value');
  }
}

/** The whole `/v1/messages` body for one chat request (PROTOCOLS F.0–F.12; the README says what each rule does). */
export function convertToAnthropicRequest(input: ChatCompletionRequest, call: CallContextV1, settings: AnthropicSettings): SentAnthropicRequest {
  const policy = { handling: settings.unsupportedParameters ?? 'reject', warn: call.warn } as const;
  const request = applyParameterPolicy(input, ANTHROPIC_PARAMETER_MAP, { vendorName: 'Anthropic', ...policy });
  const traits = anthropicModelTraits(call.upstreamModel);
  const format = planOutputFormat(request.response_format);
  const thinkingPlan = planThinking(request, traits, { ...DEFAULT_THINKING_BUDGETS, ...settings.thinkingBudgets }, call);
  const prefill = traits.prefill && format.format === undefined && !thinkingPlan.on;
  const conversation = convertToAnthropicMessages(request.messages, { ...policy, includeThinking: thinkingPlan.on, prefill });
  const system: AnthropicTextBlockParam[] = [...conversation.system, ...(format.instruction ? [{ type: 'text' as const, text: format.instruction }] : [])];
  const limit = planOutputLimit(request, traits, thinkingPlan.thinking, settings.defaultMaxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS, call);
  const forcingRefused = thinkingPlan.on ? 'while thinking' : traits.forcedToolChoice ? undefined : `on ${call.upstreamModel}`;
  const outputConfig: AnthropicOutputConfig = { ...(thinkingPlan.effort ? { effort: thinkingPlan.effort } : {}), ...(format.format ? { format: format.format } : {}) };
  const userId = request.safety_identifier ?? request.user;
  const body: SentAnthropicRequest = {
    model: call.upstreamModel,
    max_tokens: limit.maxTokens,
    messages: conversation.messages,
    ...(system.length > 0 ? { system } : {}),
    ...planSampling(request, traits, thinkingPlan.on, call),
    ...convertToAnthropicTools(request, { ...policy, calledTools: conversation.calledTools, forcingRefused }),
    ...(limit.thinking ? { thinking: limit.thinking } : {}),
    ...(Object.keys(outputConfig).length > 0 ? { output_config: outputConfig } : {}),
    ...(userId ? { metadata: { user_id: userId } } : {}),
  };
  const stop = stopSequences(request.stop, call);
  if (stop) body.stop_sequences = stop;
  if (request.stream === true) body.stream = true;
  placeAnthropicCacheBreakpoints(body, call.promptCache);
  checkCacheBreakpoints(body);
  return body;
}
