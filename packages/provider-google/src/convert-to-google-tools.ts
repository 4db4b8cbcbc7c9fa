import { invalidRequest, unsupportedParameter, type ChatCompletionRequest, type FunctionTool, type GoogleFunctionCallingMode, type GoogleFunctionDeclaration, type GoogleTool, type GoogleToolConfig } from '@modelgate/core';
import { convertToGoogleLegacySchema } from './convert-to-google-legacy-schema.js';
import type { FunctionNameMap } from './google-function-names.js';
import type { GoogleSchemaDialect } from './google-settings.js';

export interface GoogleToolSettings {
  readonly tools?: GoogleTool[];
  readonly toolConfig?: GoogleToolConfig;
}

function hasNoProperties(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  return typeof properties !== 'object' || properties === null || Object.keys(properties).length === 0;
}

function declaration(tool: FunctionTool, index: number, names: FunctionNameMap, dialect: GoogleSchemaDialect): GoogleFunctionDeclaration {
  const { name, description, parameters } = tool.function;
  const declared: GoogleFunctionDeclaration = { name: names.toGoogle(name), ...(description ? { description } : {}) };
  if (!parameters) return declared;
  if (dialect === 'json-schema') return { ...declared, parametersJsonSchema: parameters };
  // The legacy path has no empty object schema (E.6): a tool without arguments declares none.
  if (hasNoProperties(parameters) && parameters.anyOf === undefined && parameters.$ref === undefined) return declared;
  return { ...declared, parameters: convertToGoogleLegacySchema(parameters, `tools[${index}].function.parameters`) };
}

function functionTools(request: ChatCompletionRequest): FunctionTool[] {
  return (request.tools ?? []).map((tool, index) => {
    if (tool.type !== 'function') throw unsupportedParameter(`tools[${index}]`, "Gemini supports only tools of type 'function'.");
    return tool;
  });
}

function checkDeclared(wanted: readonly string[], tools: readonly FunctionTool[]): void {
  const unknown = wanted.find((name) => !tools.some((tool) => tool.function.name === name));
  if (unknown !== undefined) throw invalidRequest(`tool_choice names '${unknown}', which is not in 'tools'.`, 'tool_choice');
}

/** The tools offered and how the model must use them; `allowedFunctionNames` only goes with ANY, as Google requires. */
function choose(request: ChatCompletionRequest, tools: FunctionTool[], names: FunctionNameMap): { offered: FunctionTool[]; toolConfig?: GoogleToolConfig } {
  const choice = request.tool_choice;
  const mode = (value: GoogleFunctionCallingMode, allowedFunctionNames?: string[]): GoogleToolConfig => ({
    functionCallingConfig: { mode: value, ...(allowedFunctionNames ? { allowedFunctionNames } : {}) },
  });
  if (choice === undefined) return { offered: tools };
  if (choice === 'auto') return { offered: tools, toolConfig: mode('AUTO') };
  if (choice === 'none') return { offered: tools, toolConfig: mode('NONE') };
  if (choice === 'required') return { offered: tools, toolConfig: mode('ANY') };
  if (choice.type === 'function') {
    checkDeclared([choice.function.name], tools);
    return { offered: tools, toolConfig: mode('ANY', [names.toGoogle(choice.function.name)]) };
  }
  if (choice.type === 'allowed_tools') {
    const wanted = choice.allowed_tools.tools.map((entry) => String((entry as { function?: { name?: unknown } }).function?.name));
    checkDeclared(wanted, tools);
    return { offered: tools.filter((tool) => wanted.includes(tool.function.name)), toolConfig: mode(choice.allowed_tools.mode === 'required' ? 'ANY' : 'AUTO') };
  }
  throw unsupportedParameter('tool_choice', "Gemini supports only function tools, not 'custom' tool choices.");
}

/**
 * PROTOCOLS F.4: function tools → one `functionDeclarations` tool, schemas as `parametersJsonSchema`
 * (`json-schema`) or the legacy subset (`legacy`, E.6), names Gemini would refuse shortened;
 * `tool_choice` auto/none/required → `functionCallingConfig` AUTO/NONE/ANY, a named function → ANY
 * with `allowedFunctionNames`, `allowed_tools` → only those tools offered, with AUTO or ANY.
 */
export function convertToGoogleTools(request: ChatCompletionRequest, names: FunctionNameMap, dialect: GoogleSchemaDialect): GoogleToolSettings {
  const tools = functionTools(request);
  if (tools.length === 0) {
    const choice = request.tool_choice;
    if (choice !== undefined && choice !== 'none' && choice !== 'auto') throw invalidRequest("'tool_choice' requires 'tools'.", 'tool_choice');
    return {};
  }
  const { offered, toolConfig } = choose(request, tools, names);
  return {
    tools: [{ functionDeclarations: offered.map((tool) => declaration(tool, tools.indexOf(tool), names, dialect)) }],
    ...(toolConfig ? { toolConfig } : {}),
  };
}
