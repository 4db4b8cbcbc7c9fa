import { unsupportedParameter, type ChatCompletionRequest, type ParameterPolicy, type ResponseFormat } from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';
import { convertResponsesInput } from './convert-responses-input.js';
import { convertResponsesToolChoice, convertResponsesTools } from './convert-responses-tools.js';
import { RESPONSES_BRIDGE_POLICY } from './responses-bridge-policy.js';
import { asCompactionRequest, endsWithCompactionTrigger } from './responses-compaction.js';

/** Refuses, naming it, the first field the policy does not map and whose value it does not accept (unknown fields too). */
function checkBridgePolicy(request: BridgedResponsesRequest, route: ModelRoute): void {
  const policy = RESPONSES_BRIDGE_POLICY as ParameterPolicy<Record<string, unknown>>;
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined || value === null) continue;
    const rule = Object.hasOwn(policy, field) ? policy[field] : undefined;
    if (rule && ('mapped' in rule || rule.accepts?.(value) === true)) continue;
    const reason = rule && 'unsupported' in rule ? rule.unsupported : 'it is not a Responses parameter the gateway knows';
    throw unsupportedParameter(field, `'${field}' cannot be honoured for ${route.publicId} (${route.instance.family}), which the gateway serves over /v1/responses through OpenAI Chat: ${reason}.`);
  }
}

/** `text.format` as the hub's `response_format` (flat here, wrapped there). */
function responseFormatOf(format: NonNullable<BridgedResponsesRequest['text']>['format']): ResponseFormat | undefined {
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const { name, schema, strict, description } = format;
    return { type: 'json_schema', json_schema: { name, ...(schema !== undefined && { schema }), ...(strict !== undefined && { strict }), ...(description !== undefined && { description }) } };
  }
  throw unsupportedParameter('text.format.type', `text.format '${String((format as { type?: unknown }).type)}' is not one of text, json_object, json_schema.`);
}

/** What a bridged request needs beside the hub request: the custom tools' names, to answer their calls in kind. */
export interface ConvertedResponsesRequest {
  readonly chat: ChatCompletionRequest;
  readonly customToolNames: ReadonlySet<string>;
  /** The answer is a compaction (a trigger item, or `/v1/responses/compact`): a summary, returned as one compaction item. */
  readonly compaction: boolean;
}

/**
 * A Responses request as the hub's chat request (PROTOCOLS F.13), for a family that does not speak
 * Responses. Each field follows RESPONSES_BRIDGE_POLICY (mapped, or a 400 naming it); `minter` is
 * the deployment it goes to, whose own carried reasoning alone is restored. Streams ask for the
 * usage chunk, which `response.completed` reports.
 */
export function convertResponsesRequest(request: BridgedResponsesRequest, route: ModelRoute, minter: string, compact = false): ConvertedResponsesRequest {
  checkBridgePolicy(request, route);
  const input = request.input;
  const triggered = endsWithCompactionTrigger(input);
  // The trigger asks for the answer's kind; the history before it is what gets summarised.
  const history = triggered ? { ...request, input: input.slice(0, -1) } : request;
  const { tools, customNames } = convertResponsesTools(request.tools, `${route.publicId} (${route.instance.family})`);
  const effort = request.reasoning?.effort;
  const format = responseFormatOf(request.text?.format);
  const verbosity = request.text?.verbosity;
  const chat: ChatCompletionRequest = {
    model: request.model,
    messages: convertResponsesInput(history, minter),
    ...(typeof request.max_output_tokens === 'number' && { max_completion_tokens: request.max_output_tokens }),
    ...(typeof request.temperature === 'number' && { temperature: request.temperature }),
    ...(typeof request.top_p === 'number' && { top_p: request.top_p }),
    ...(tools.length > 0 && { tools, ...convertResponsesToolChoice(request.tool_choice) }),
    ...(tools.length > 0 && typeof request.parallel_tool_calls === 'boolean' && { parallel_tool_calls: request.parallel_tool_calls }),
    ...(effort !== undefined && effort !== null && { reasoning_effort: effort }),
    ...(format && { response_format: format }),
    ...(verbosity !== undefined && verbosity !== null && { verbosity }),
    ...(typeof request.safety_identifier === 'string' && { safety_identifier: request.safety_identifier }),
    ...(typeof request.user === 'string' && { user: request.user }),
    ...(request.stream === true && { stream: true, stream_options: { include_usage: true } }),
  };
  const compaction = compact || triggered;
  return { chat: compaction ? asCompactionRequest(chat) : chat, customToolNames: customNames, compaction };
}
