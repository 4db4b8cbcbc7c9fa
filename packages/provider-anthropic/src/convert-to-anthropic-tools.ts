import { invalidRequest, unsupportedParameter, type ChatCompletionRequest, type ChatTool, type FunctionTool } from '@modelgate/core';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-messages-api-types.js';

export interface AnthropicToolSettings {
  readonly tools?: AnthropicTool[];
  readonly tool_choice?: AnthropicToolChoice;
}

function functionTools(tools: readonly ChatTool[]): FunctionTool[] {
  return tools.map((tool, index) => {
    if (tool.type !== 'function') {
      throw unsupportedParameter(`tools[${index}]`, "Anthropic supports only tools of type 'function'.");
    }
    return tool;
  });
}

function toAnthropicTool(tool: FunctionTool): AnthropicTool {
  const { name, description, parameters, strict } = tool.function;
  return {
    name,
    ...(description ? { description } : {}),
    // Anthropic accepts full JSON Schema (additionalProperties included) but requires an object schema.
    input_schema: parameters ?? { type: 'object', properties: {} },
    ...(strict === true ? { strict: true } : {}),
  };
}

/**
 * PROTOCOLS F.4: function tools → `tools` with `input_schema`; `tool_choice` auto/none/required/
 * named → auto/none/any/tool; `allowed_tools` narrows the list; `parallel_tool_calls: false` →
 * `disable_parallel_tool_use` on an explicit choice (auto when the client named none).
 */
export function convertToAnthropicTools(request: ChatCompletionRequest): AnthropicToolSettings {
  const choice = request.tool_choice;
  if (!request.tools || request.tools.length === 0) {
    if (choice !== undefined && choice !== 'none' && choice !== 'auto') {
      throw invalidRequest("'tool_choice' requires 'tools'.", 'tool_choice');
    }
    return {};
  }
  let tools = functionTools(request.tools);
  let anthropicChoice: AnthropicToolChoice | undefined;
  if (choice === undefined) anthropicChoice = undefined;
  else if (choice === 'auto') anthropicChoice = { type: 'auto' };
  else if (choice === 'none') anthropicChoice = { type: 'none' };
  else if (choice === 'required') anthropicChoice = { type: 'any' };
  else if (choice.type === 'function') {
    if (!tools.some((tool) => tool.function.name === choice.function.name)) {
      throw invalidRequest(`tool_choice names '${choice.function.name}', which is not in 'tools'.`, 'tool_choice');
    }
    anthropicChoice = { type: 'tool', name: choice.function.name };
  } else if (choice.type === 'allowed_tools') {
    const allowed = new Set(choice.allowed_tools.tools.map((entry) => (entry as { function?: { name?: string } }).function?.name));
    tools = tools.filter((tool) => allowed.has(tool.function.name));
    if (tools.length === 0) throw invalidRequest('allowed_tools names none of the tools in the request.', 'tool_choice');
    anthropicChoice = { type: choice.allowed_tools.mode === 'required' ? 'any' : 'auto' };
  } else {
    throw unsupportedParameter('tool_choice', "Anthropic supports only function tools, not 'custom' tool choices.");
  }
  if (request.parallel_tool_calls === false && anthropicChoice?.type !== 'none') {
    anthropicChoice = { ...(anthropicChoice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  }
  return { tools: tools.map(toAnthropicTool), ...(anthropicChoice ? { tool_choice: anthropicChoice } : {}) };
}
