import { invalidRequest, type ChatTool, type ChatToolChoice, type GoogleTool, type GoogleToolConfig } from '@modelgate/core';

/**
 * Google's legacy `Schema` (OpenAPI subset: `type: "OBJECT"`, `nullable`) as JSON Schema: type
 * names lower-cased, `nullable` as a `null` type, Google's own `propertyOrdering` left out.
 */
export function jsonSchemaOfLegacy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOfLegacy);
  if (typeof schema !== 'object' || schema === null) return schema;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering' || key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') converted.type = value.toLowerCase();
    else if (key === 'properties' && typeof value === 'object' && value !== null) {
      converted.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, jsonSchemaOfLegacy(property)]));
    } else converted[key] = jsonSchemaOfLegacy(value);
  }
  if ((schema as { nullable?: unknown }).nullable === true && typeof converted.type === 'string') converted.type = [converted.type, 'null'];
  return converted;
}

/**
 * Gemini's function declarations as hub function tools: `parametersJsonSchema` as it is, the legacy
 * `parameters` converted. Gemini's own tools (Google Search, code execution, URL context…) run at
 * Google: refused for another family, naming the tool.
 */
export function convertGeminiTools(tools: readonly GoogleTool[] | undefined, target: string): ChatTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  const converted: ChatTool[] = [];
  for (const tool of tools) {
    const other = Object.keys(tool).find((key) => key !== 'functionDeclarations');
    if (other) throw invalidRequest(`The tool '${other.slice(0, 64)}' runs at Google; ${target} cannot run it over the Gemini API. Remove it, or use a Gemini model.`, 'tools', 'unsupported_tool');
    for (const declaration of tool.functionDeclarations ?? []) {
      const parameters = declaration.parametersJsonSchema ?? (declaration.parameters ? jsonSchemaOfLegacy(declaration.parameters) : undefined);
      converted.push({
        type: 'function',
        function: { name: declaration.name, ...(declaration.description !== undefined && { description: declaration.description }), ...(parameters !== undefined && { parameters: parameters as Record<string, unknown> }) },
      });
    }
  }
  return converted.length > 0 ? converted : undefined;
}

/** `functionCallingConfig` as the hub's `tool_choice`: AUTO (and VALIDATED) `auto`, NONE `none`, ANY `required` (or the one allowed function). */
export function convertGeminiToolConfig(config: GoogleToolConfig | undefined): ChatToolChoice | undefined {
  const calling = config?.functionCallingConfig;
  if (!calling) return undefined;
  if (calling.mode === 'NONE') return 'none';
  if (calling.mode !== 'ANY') return calling.mode === undefined ? undefined : 'auto';
  const allowed = calling.allowedFunctionNames ?? [];
  return allowed.length === 1 ? { type: 'function', function: { name: allowed[0]! } } : 'required';
}
