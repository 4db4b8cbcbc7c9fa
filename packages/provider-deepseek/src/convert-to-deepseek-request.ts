import type { ChatCompletionRequest, ChatMessage, LoggerV1, ResponseFormat } from '@modelgate/core';
import type { OpenAiCompatibleHooks } from '@modelgate/provider-openai-compatible';
import { convertToDeepSeekMessages } from './convert-to-deepseek-messages.js';
import { DEEPSEEK_DEFAULT_REASONING_PLACEHOLDER, type DeepSeekSettings } from './deepseek-settings.js';
import { checkDeepSeekStrictTools } from './deepseek-strict-tools.js';
import { dropDeepSeekThinkingSampling } from './deepseek-thinking-sampling.js';
import { instructDeepSeekJsonSchema } from './instruct-deepseek-json-schema.js';
import { planDeepSeekThinking } from './plan-deepseek-thinking.js';
import { restoreDeepSeekReasoningContent } from './restore-deepseek-reasoning-content.js';

type RequestHook = NonNullable<OpenAiCompatibleHooks['request']>;

/** The client asked for thinking itself, so turning it off deserves a warning. */
function askedForThinking(request: ChatCompletionRequest): boolean {
  return (request.reasoning_effort ?? undefined) !== undefined || (request as { thinking?: { type?: unknown } }).thinking?.type === 'enabled';
}

/**
 * The compatible base's request hook for DeepSeek (the parameter policy has run): thinking always
 * stated (`thinking.type`, `reasoning_effort` in DeepSeek's values), the sampling fields it ignores
 * while thinking dropped, a forced tool choice handled as the settings say, `strict` tools checked,
 * `json_schema` sent as `json_object` with an instruction, messages in the roles and content types
 * DeepSeek deserializes, and the `reasoning_content` round trip restored. Every change a client did not ask for is reported: a
 * warning on the call, or a log line for a placeholder.
 */
export function createDeepSeekRequestHook(settings: DeepSeekSettings, logger: Pick<LoggerV1, 'warn'>): RequestHook {
  const forcedToolChoice = settings.forcedToolChoice ?? 'disable-thinking';
  const placeholder = settings.reasoningPlaceholder ?? DEEPSEEK_DEFAULT_REASONING_PLACEHOLDER;
  const instructJsonSchema = settings.jsonSchema !== 'reject';
  return ({ body, headers }, { request, call }) => {
    const plan = planDeepSeekThinking(request, forcedToolChoice);
    checkDeepSeekStrictTools(request.tools, settings, call);
    const { reasoning_effort: _effort, ...rest } = plan.enabled ? dropDeepSeekThinkingSampling(body, call) : body;
    const upstream: Record<string, unknown> = { ...rest, thinking: { type: plan.enabled ? 'enabled' : 'disabled' } };
    if (plan.effort !== undefined) upstream.reasoning_effort = plan.effort;
    if (plan.toolChoiceToAuto) {
      upstream.tool_choice = 'auto';
      call.warn({ kind: 'dropped-parameter', parameter: 'tool_choice', reason: 'DeepSeek cannot force a tool call while thinking; sent tool_choice auto' });
    }
    if (plan.disabledForToolChoice && askedForThinking(request)) {
      call.warn({ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: 'DeepSeek cannot force a tool call while thinking; answered without thinking' });
    }

    const restored = restoreDeepSeekReasoningContent(convertToDeepSeekMessages(body.messages as ChatMessage[]), placeholder);
    if (restored.placeholderAt.length > 0) {
      logger.warn(
        { requestId: call.requestId, messages: restored.placeholderAt },
        'DeepSeek: assistant turns of a tool loop came back without reasoning_content; sent a placeholder instead',
      );
    }
    upstream.messages = restored.messages;
    const format = body.response_format as ResponseFormat | undefined;
    if (instructJsonSchema && format?.type === 'json_schema') Object.assign(upstream, instructDeepSeekJsonSchema(restored.messages, format));
    return { body: upstream, headers };
  };
}
