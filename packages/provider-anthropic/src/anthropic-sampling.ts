import type { AnthropicMessagesRequest, CallContextV1, ChatCompletionRequest } from '@modelgate/core';
import type { AnthropicModelTraits } from './anthropic-models.js';

type Sampling = Pick<AnthropicMessagesRequest, 'temperature' | 'top_p'>;

function clampedTemperature(value: number, call: CallContextV1): number {
  if (value <= 1) return value;
  call.warn({ kind: 'value-clamped', parameter: 'temperature', from: value, to: 1 });
  return 1;
}

/**
 * `temperature` (clamped to Anthropic's 0–1) and `top_p`, as far as the model takes them (README,
 * "Sampling"): while it thinks, or on models that take no sampling parameters, both are dropped
 * with a warning; on models that take only one of them, `temperature` is kept and `top_p` dropped.
 */
export function planSampling(request: ChatCompletionRequest, traits: AnthropicModelTraits, thinkingOn: boolean, call: CallContextV1): Sampling {
  const sent = { temperature: request.temperature ?? undefined, top_p: request.top_p ?? undefined };
  if (thinkingOn || traits.sampling === 'none') {
    const reason = thinkingOn ? 'Anthropic does not allow sampling changes while thinking' : 'this model takes no sampling parameters';
    for (const parameter of ['temperature', 'top_p'] as const) if (sent[parameter] !== undefined) call.warn({ kind: 'dropped-parameter', parameter, reason });
    return {};
  }
  if (sent.temperature !== undefined && sent.top_p !== undefined) {
    call.warn({ kind: 'dropped-parameter', parameter: 'top_p', reason: 'this model takes temperature or top_p, not both; temperature is kept' });
    return { temperature: clampedTemperature(sent.temperature, call) };
  }
  return {
    ...(sent.temperature !== undefined ? { temperature: clampedTemperature(sent.temperature, call) } : {}),
    ...(sent.top_p !== undefined ? { top_p: sent.top_p } : {}),
  };
}
