import {
  unsupportedParameter,
  type AnthropicMessagesRequest,
  type CallContextV1,
  type ChatCompletionRequest,
  type ReasoningEffort,
} from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import { convertMessagesToChat } from './convert-messages-to-chat.js';
import { convertMessagesToolChoice, convertMessagesTools } from './convert-messages-tools.js';
import { MESSAGES_BRIDGE_POLICY } from './messages-bridge-policy.js';

/** Longest field name a warning repeats: the name is the client's, and logs must stay bounded. */
const MAX_LOGGED_FIELD_LENGTH = 64;

/**
 * Refuses, naming it, the first field the policy knows but does not map and whose value it does not
 * accept. A field the policy does not know (clients add Messages fields with every release, e.g.
 * Claude Code's `safeguards`) is dropped with a warning naming it: refusing it would break every
 * request of a client upgrade, and a field the gateway never heard of has no counterpart to send.
 */
function checkBridgePolicy(request: AnthropicMessagesRequest, route: ModelRoute, call: CallContextV1): void {
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined || value === null) continue;
    const rule = (MESSAGES_BRIDGE_POLICY as Record<string, (typeof MESSAGES_BRIDGE_POLICY)[keyof typeof MESSAGES_BRIDGE_POLICY] | undefined>)[field];
    if (rule === undefined) {
      const parameter = field.length > MAX_LOGGED_FIELD_LENGTH ? `${field.slice(0, MAX_LOGGED_FIELD_LENGTH)}…` : field;
      call.warn({ kind: 'dropped-parameter', parameter, reason: `not a Messages parameter the gateway knows; not sent to ${route.instance.family}` });
      continue;
    }
    if ('mapped' in rule || rule.accepts?.(value as never) === true) continue;
    throw unsupportedParameter(field, `'${field}' cannot be honoured for ${route.publicId} (${route.instance.family}), which the gateway serves over /v1/messages through OpenAI Chat: ${rule.unsupported}. Remove it, or use a Claude model.`);
  }
}

/** A thinking budget as an effort: below 2,048 tokens low, below 8,192 medium, else high (PROTOCOLS F.12, read backwards). */
function effortForBudget(budget: number): ReasoningEffort {
  if (budget < 2_048) return 'low';
  return budget < 8_192 ? 'medium' : 'high';
}

/**
 * The effort a reasoning model is asked for: `output_config.effort` when sent, else the thinking
 * budget's, the model's default for adaptive thinking; `none` when thinking is disabled, or not
 * asked for on a model whose card says it reasons (Anthropic's default is no thinking, and a model
 * left thinking spends the client's `max_tokens` on it). A model whose card says it does not
 * reason answers without thinking, with a warning.
 */
function reasoningEffort(request: AnthropicMessagesRequest, route: ModelRoute, call: CallContextV1): ReasoningEffort | undefined {
  const thinking = request.thinking;
  const asked = request.output_config?.effort ?? (thinking?.type === 'enabled' ? effortForBudget(thinking.budget_tokens) : undefined);
  if (route.card?.capabilities?.reasoning === false) {
    if (asked !== undefined) call.warn({ kind: 'dropped-parameter', parameter: 'thinking', reason: `${route.publicId} does not reason; answered without thinking` });
    return undefined;
  }
  if (thinking?.type === 'disabled') return 'none';
  // Not asked for: turned off where the card says the model reasons (another model may refuse the field).
  if (thinking === undefined) return route.card?.capabilities?.reasoning === true ? 'none' : undefined;
  return asked;
}

/**
 * A Messages request as the hub's chat request, for a family that does not speak Messages. Each
 * field follows MESSAGES_BRIDGE_POLICY (mapped, or a 400 naming it; unknown fields dropped with a warning); streams ask for the usage
 * chunk, which the answer's `message_delta` reports.
 */
export function convertMessagesRequest(request: AnthropicMessagesRequest, route: ModelRoute, call: CallContextV1): ChatCompletionRequest {
  checkBridgePolicy(request, route, call);
  const tools = convertMessagesTools(request.tools);
  const effort = reasoningEffort(request, route, call);
  const format = request.output_config?.format;
  return {
    model: request.model,
    // Only Gemini's function responses have an error key (`response.error`); elsewhere it is said in words.
    messages: convertMessagesToChat(request, { toolErrorFlag: route.instance.family === 'google', toolResultImages: route.instance.family === 'google' }),
    ...(request.max_tokens !== undefined && { max_completion_tokens: request.max_tokens }),
    ...(request.stop_sequences !== undefined && { stop: request.stop_sequences }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.top_p !== undefined && { top_p: request.top_p }),
    ...(tools !== undefined && tools.length > 0 && { tools, ...convertMessagesToolChoice(request.tool_choice) }),
    ...(effort !== undefined && { reasoning_effort: effort }),
    ...(format && { response_format: { type: 'json_schema', json_schema: { name: 'output', schema: format.schema, strict: true } } }),
    ...(request.stream === true && { stream: true, stream_options: { include_usage: true } }),
  };
}
