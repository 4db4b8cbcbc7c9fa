import {
  invalidRequest,
  unsupportedParameter,
  type AnthropicTool,
  type AnthropicToolChoice,
  type ChatCompletionRequest,
  type ChatTool,
  type FunctionTool,
} from '@modelgate/core';
import { cacheControlOf, type PartPolicy } from './anthropic-part-policy.js';
import { transformAnthropicJsonSchema } from './transform-anthropic-json-schema.js';

export interface AnthropicToolSettings {
  readonly tools?: AnthropicTool[];
  readonly tool_choice?: AnthropicToolChoice;
}

export interface ToolOptions extends PartPolicy {
  /** Tools the history calls, for a request that sends none (see historyOnlyTools). */
  readonly calledTools: readonly string[];
  /** Why a forced `tool_choice` cannot be honoured on this request (thinking, or the model), or undefined when it can. */
  readonly forcingRefused: string | undefined;
}

/** The description of a tool the gateway declares only because the history calls it. */
export const HISTORY_ONLY_TOOL_DESCRIPTION = 'Called earlier in this conversation; not available now.';

function functionTools(tools: readonly ChatTool[]): FunctionTool[] {
  return tools.map((tool, index) => {
    if (tool.type !== 'function') throw unsupportedParameter(`tools[${index}]`, "Anthropic supports only tools of type 'function'.");
    return tool;
  });
}

/**
 * A strict tool's schema is brought into Anthropic's structured-output subset; other schemas go as
 * sent (Anthropic takes full JSON Schema). A tool's `cache_control` (beside `function`, as clients
 * send it through gateways) is its cache breakpoint: tools come first in Anthropic's prefix.
 */
function toAnthropicTool(tool: FunctionTool, index: number): AnthropicTool {
  const { name, description, parameters, strict } = tool.function;
  const schema = parameters ?? { type: 'object', properties: {} };
  return {
    name,
    ...(description ? { description } : {}),
    input_schema: strict === true ? (transformAnthropicJsonSchema(schema) as Record<string, unknown>) : schema,
    ...(strict === true ? { strict: true } : {}),
    ...cacheControlOf(tool, `tools[${index}]`),
  };
}

/**
 * Anthropic requires `tools` whenever the history holds tool_use or tool_result blocks, while
 * OpenAI does not (agent frameworks drop `tools` on a final summary step). The tools the history
 * calls are then declared with an empty schema and `tool_choice: none`, so the model can read the
 * history but call nothing.
 */
function historyOnlyTools(calledTools: readonly string[]): AnthropicToolSettings {
  if (calledTools.length === 0) return {};
  return {
    tools: calledTools.map((name) => ({ name, description: HISTORY_ONLY_TOOL_DESCRIPTION, input_schema: { type: 'object', properties: {} } })),
    tool_choice: { type: 'none' },
  };
}

function mappedChoice(choice: NonNullable<ChatCompletionRequest['tool_choice']>, tools: FunctionTool[]): { choice: AnthropicToolChoice; tools: FunctionTool[] } {
  if (choice === 'auto') return { choice: { type: 'auto' }, tools };
  if (choice === 'none') return { choice: { type: 'none' }, tools };
  if (choice === 'required') return { choice: { type: 'any' }, tools };
  if (choice.type === 'function') {
    const name = choice.function?.name;
    if (name === undefined) throw invalidRequest("tool_choice of type 'function' must name the function.", 'tool_choice.function');
    if (!tools.some((tool) => tool.function.name === name)) throw invalidRequest(`tool_choice names '${name}', which is not in 'tools'.`, 'tool_choice');
    return { choice: { type: 'tool', name }, tools };
  }
  if (choice.type === 'allowed_tools') {
    const allowed = new Set((choice.allowed_tools?.tools ?? []).map((entry) => (entry as { function?: { name?: string } }).function?.name));
    const kept = tools.filter((tool) => allowed.has(tool.function.name));
    if (kept.length === 0) throw invalidRequest('allowed_tools names none of the tools in the request.', 'tool_choice');
    return { choice: { type: choice.allowed_tools?.mode === 'required' ? 'any' : 'auto' }, tools: kept };
  }
  throw unsupportedParameter('tool_choice', "Anthropic supports only function tools, not 'custom' tool choices.");
}

/** A forced choice the request cannot have: a 400, or under `drop`, `auto` with a warning. */
function unforced(choice: AnthropicToolChoice, options: ToolOptions): AnthropicToolChoice {
  if (options.forcingRefused === undefined || (choice.type !== 'any' && choice.type !== 'tool')) return choice;
  if (options.handling === 'reject') {
    throw unsupportedParameter('tool_choice', `Anthropic cannot force a tool call ${options.forcingRefused}; use tool_choice auto, or set the provider's unsupportedParameters to 'drop' to send auto instead.`);
  }
  options.warn({ kind: 'dropped-parameter', parameter: 'tool_choice', reason: `Anthropic cannot force a tool call ${options.forcingRefused}; sent as auto` });
  return { type: 'auto', ...(choice.disable_parallel_tool_use ? { disable_parallel_tool_use: true } : {}) };
}

/**
 * PROTOCOLS F.4: function tools → `tools` with `input_schema`; `tool_choice` auto/none/required/
 * named → auto/none/any/tool; `allowed_tools` narrows the list; `parallel_tool_calls: false` →
 * `disable_parallel_tool_use` on an explicit choice (auto when the client named none).
 */
export function convertToAnthropicTools(request: ChatCompletionRequest, options: ToolOptions): AnthropicToolSettings {
  const choice = request.tool_choice;
  if (!request.tools || request.tools.length === 0) {
    if (choice !== undefined && choice !== 'none' && choice !== 'auto') throw invalidRequest("'tool_choice' requires 'tools'.", 'tool_choice');
    return historyOnlyTools(options.calledTools);
  }
  const declared = functionTools(request.tools);
  const mapped = choice === undefined ? { choice: undefined, tools: declared } : mappedChoice(choice, declared);
  let anthropicChoice = mapped.choice === undefined ? undefined : unforced(mapped.choice, options);
  if (request.parallel_tool_calls === false && anthropicChoice?.type !== 'none') {
    anthropicChoice = { ...(anthropicChoice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  }
  return { tools: mapped.tools.map(toAnthropicTool), ...(anthropicChoice ? { tool_choice: anthropicChoice } : {}) };
}
