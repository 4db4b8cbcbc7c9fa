import { unsupportedParameter, type ChatCompletionRequest, type ChatToolChoice, type ReasoningEffort } from '@modelgate/core';
import type { DeepSeekForcedToolChoice } from './deepseek-settings.js';

/** DeepSeek's own `reasoning_effort` values (PROTOCOLS G.2). */
export type DeepSeekEffort = 'low' | 'high' | 'max';

/** How one request thinks at DeepSeek, decided once from the client's fields and the settings. */
export interface DeepSeekThinkingPlan {
  readonly enabled: boolean;
  /** The effort to send while thinking; absent leaves DeepSeek's default (`high`). */
  readonly effort?: DeepSeekEffort;
  /** Thinking was turned off because the client forced a tool call (`forcedToolChoice: disable-thinking`). */
  readonly disabledForToolChoice: boolean;
  /** `tool_choice` goes out as `auto`, because DeepSeek cannot force a tool call while thinking. */
  readonly toolChoiceToAuto: boolean;
}

/**
 * OpenAI's efforts that think, as DeepSeek's: it has three levels and maps the others itself
 * (api-docs.deepseek.com/guides/thinking_mode, effort table: minimal → low, medium and xhigh → high).
 */
const DEEPSEEK_EFFORT: Readonly<Record<Exclude<ReasoningEffort, 'none'>, DeepSeekEffort>> = {
  minimal: 'low',
  low: 'low',
  medium: 'high',
  high: 'high',
  xhigh: 'high',
  max: 'max',
};

const OFF: DeepSeekThinkingPlan = { enabled: false, disabledForToolChoice: false, toolChoiceToAuto: false };

/** `required`, a named function or tool, or an allowed-tools list in `required` mode: what DeepSeek refuses while thinking. */
export function isForcedToolChoice(toolChoice: ChatToolChoice | undefined): boolean {
  if (toolChoice === undefined || toolChoice === 'auto' || toolChoice === 'none') return false;
  if (toolChoice === 'required') return true;
  return toolChoice.type !== 'allowed_tools' || toolChoice.allowed_tools.mode === 'required';
}

/**
 * Thinking is on unless the client turns it off: DeepSeek's own `thinking: {type: "disabled"}`, or
 * `reasoning_effort: none`; `minimal` thinks at `low`, as DeepSeek maps it. A forced tool call while
 * thinking follows the `forcedToolChoice` setting; `reject` throws the 400 here.
 */
export function planDeepSeekThinking(request: ChatCompletionRequest, forcedToolChoice: DeepSeekForcedToolChoice): DeepSeekThinkingPlan {
  const asked = (request as { thinking?: { type?: unknown } }).thinking?.type;
  const effort = request.reasoning_effort;
  if (asked === 'disabled' || effort === 'none') return OFF;
  const thinking = { enabled: true, effort: effort ? DEEPSEEK_EFFORT[effort] : undefined, disabledForToolChoice: false, toolChoiceToAuto: false };
  if (!isForcedToolChoice(request.tool_choice)) return thinking;
  switch (forcedToolChoice) {
    case 'disable-thinking':
      return { ...OFF, disabledForToolChoice: true };
    case 'auto':
      return { ...thinking, toolChoiceToAuto: true };
    case 'reject':
      throw unsupportedParameter(
        'tool_choice',
        "DeepSeek cannot force a tool call while thinking: send tool_choice 'auto', or reasoning_effort 'none' to answer without thinking.",
      );
  }
}
