import {
  applyParameterPolicy,
  invalidRequest,
  type CallContextV1,
  type ChatCompletionRequest,
  type ReasoningEffort,
  type ResponseFormat,
} from '@modelgate/core';
import type { AnthropicMessagesRequest, AnthropicThinkingConfig } from './anthropic-messages-api-types.js';
import { defaultMaxTokensFor, ANTHROPIC_FALLBACK_MAX_TOKENS } from './anthropic-models.js';
import { ANTHROPIC_PARAMETER_MAP } from './anthropic-parameter-map.js';
import type { AnthropicSettings, AnthropicThinkingBudgets } from './anthropic-settings.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';

/** PROTOCOLS F.12, LiteLLM's budgets for low/medium/high, doubled upwards; `minimal` is clamped to Anthropic's 1024 minimum. */
export const DEFAULT_THINKING_BUDGETS: AnthropicThinkingBudgets = {
  minimal: 1024,
  low: 1024,
  medium: 2048,
  high: 4096,
  xhigh: 8192,
  max: 16384,
};

/** Anthropic has no JSON mode; this instruction is appended to the system prompt for `json_object`. */
export const JSON_OBJECT_INSTRUCTION = 'Respond with a single valid JSON object and nothing else: no prose, no code fences.';

function stopSequences(stop: ChatCompletionRequest['stop'], call: CallContextV1): string[] | undefined {
  if (stop === undefined || stop === null) return undefined;
  const all = typeof stop === 'string' ? [stop] : stop;
  const kept = all.filter((sequence) => sequence.trim() !== '');
  if (kept.length < all.length) call.warn({ kind: 'dropped-parameter', parameter: 'stop', reason: 'Anthropic rejects whitespace-only stop sequences' });
  return kept.length > 0 ? kept : undefined;
}

function temperature(value: number | null | undefined, call: CallContextV1): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (value <= 1) return value;
  call.warn({ kind: 'value-clamped', parameter: 'temperature', from: value, to: 1 });
  return 1;
}

function outputFormat(format: ResponseFormat | undefined): Pick<AnthropicMessagesRequest, 'output_config'> & { instruction?: string } {
  if (format?.type === 'json_schema' && format.json_schema.schema) {
    return { output_config: { format: { type: 'json_schema', schema: format.json_schema.schema } } };
  }
  if (format?.type === 'json_schema' || format?.type === 'json_object') return { instruction: JSON_OBJECT_INSTRUCTION };
  return {};
}

function thinking(
  effort: ReasoningEffort | null | undefined,
  request: ChatCompletionRequest,
  budgets: AnthropicThinkingBudgets,
  call: CallContextV1,
): AnthropicThinkingConfig | undefined {
  if (effort === undefined || effort === null) return undefined;
  if (effort === 'none') return { type: 'disabled' };
  // Replayed tool calls carry no thinking signature (OpenAI clients drop it), and Anthropic rejects
  // such history while thinking is on (PROTOCOLS F.12): answer without thinking instead.
  if (request.messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0)) {
    call.warn({ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: 'the history holds tool calls without their thinking blocks' });
    return { type: 'disabled' };
  }
  const choice = request.tool_choice;
  if (choice === 'required' || (typeof choice === 'object' && choice.type === 'function')) {
    throw invalidRequest('Anthropic cannot force a tool call while thinking; use tool_choice auto, or omit reasoning_effort.', 'tool_choice');
  }
  return { type: 'enabled', budget_tokens: budgets[effort] };
}

/** The whole `/v1/messages` body for one chat request (PROTOCOLS F.0–F.12). */
export function convertToAnthropicRequest(input: ChatCompletionRequest, call: CallContextV1, settings: AnthropicSettings): AnthropicMessagesRequest {
  const request = applyParameterPolicy(input, ANTHROPIC_PARAMETER_MAP, {
    vendorName: 'Anthropic',
    handling: settings.unsupportedParameters ?? 'reject',
    warn: call.warn,
  });
  const conversation = convertToAnthropicMessages(request.messages);
  const format = outputFormat(request.response_format);
  const system = [conversation.system, format.instruction].filter((text) => text !== undefined).join('\n\n');
  const thinkingConfig = thinking(request.reasoning_effort, request, { ...DEFAULT_THINKING_BUDGETS, ...settings.thinkingBudgets }, call);
  const requested = request.max_completion_tokens ?? request.max_tokens ?? defaultMaxTokensFor(call.upstreamModel, settings.defaultMaxTokens ?? ANTHROPIC_FALLBACK_MAX_TOKENS);
  const thinkingOn = thinkingConfig?.type === 'enabled';

  let sampling: Pick<AnthropicMessagesRequest, 'temperature' | 'top_p'> = {
    temperature: temperature(request.temperature, call),
    top_p: request.top_p ?? undefined,
  };
  if (thinkingOn && (sampling.temperature !== undefined || sampling.top_p !== undefined)) {
    for (const parameter of ['temperature', 'top_p'] as const) {
      if (sampling[parameter] !== undefined) call.warn({ kind: 'dropped-parameter', parameter, reason: 'Anthropic does not allow sampling changes while thinking' });
    }
    sampling = {};
  }
  const userId = request.safety_identifier ?? request.user;
  const body: AnthropicMessagesRequest = {
    model: call.upstreamModel,
    // The thinking budget counts against max_tokens, so it is added on top of what the client asked for.
    max_tokens: thinkingOn ? requested + thinkingConfig.budget_tokens : requested,
    messages: conversation.messages,
    ...(system ? { system } : {}),
    ...(sampling.temperature !== undefined ? { temperature: sampling.temperature } : {}),
    ...(sampling.top_p !== undefined ? { top_p: sampling.top_p } : {}),
    ...convertToAnthropicTools(request),
    ...(thinkingConfig ? { thinking: thinkingConfig } : {}),
    ...(format.output_config ? { output_config: format.output_config } : {}),
    ...(userId ? { metadata: { user_id: userId } } : {}),
  };
  const stop = stopSequences(request.stop, call);
  if (stop) body.stop_sequences = stop;
  if (request.stream === true) body.stream = true;
  return body;
}
