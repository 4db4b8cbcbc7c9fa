import { unsupportedParameter, type ChatCompletionRequest, type ChatTool } from '@modelgate/core';
import type { ResponsesToolParam } from './bridged-responses-request.js';

/** The one argument a custom (freeform) tool's input travels in as a function tool. */
export const CUSTOM_TOOL_ARGUMENT = 'input';

/** A custom tool's format as words for the model: its grammar, which a function tool cannot enforce. */
function describeFormat(format: unknown): string {
  const spec = format as { type?: unknown; syntax?: unknown; definition?: unknown } | undefined;
  if (spec?.type !== 'grammar' || typeof spec.definition !== 'string') return 'Free text.';
  return `Free text in this ${typeof spec.syntax === 'string' ? spec.syntax : ''} grammar:\n${spec.definition}`;
}

/**
 * Responses tools as hub function tools (PROTOCOLS B.1, F.13). A `function` tool is flat here and
 * wrapped there; a `custom` tool (Codex's freeform `apply_patch`) becomes a function with one string
 * argument, `input`, its grammar in the argument's description; the names of custom tools come
 * back so their calls are answered as `custom_tool_call` items. Hosted tools (web search, file
 * search, MCP, shell, namespaces…) run only on OpenAI: a 400 naming the tool.
 */
export function convertResponsesTools(tools: readonly ResponsesToolParam[] | undefined, target: string): { tools: ChatTool[]; customNames: Set<string> } {
  const converted: ChatTool[] = [];
  const customNames = new Set<string>();
  (tools ?? []).forEach((tool, index) => {
    if (tool.type !== 'function' && tool.type !== 'custom') {
      const what = typeof tool.name === 'string' ? `'${tool.name}' (type '${tool.type}')` : `of type '${String(tool.type)}'`;
      throw unsupportedParameter(
        `tools[${index}]`,
        `The tool ${what} is hosted by OpenAI and cannot run on ${target}. Remove it, or declare it as a function tool (Codex: web_search = "disabled", and multi_agent = false under [features]).`,
      );
    }
    if (typeof tool.name !== 'string' || tool.name === '') throw unsupportedParameter(`tools[${index}].name`, 'A function or custom tool needs a name.');
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    if (tool.type === 'function') {
      const parameters = (tool.parameters as Record<string, unknown> | null | undefined) ?? { type: 'object', properties: {} };
      const strict = typeof tool.strict === 'boolean' ? { strict: tool.strict } : {};
      converted.push({ type: 'function', function: { name: tool.name, ...(description !== undefined && { description }), parameters, ...strict } });
      return;
    }
    customNames.add(tool.name);
    const parameters = { type: 'object', properties: { [CUSTOM_TOOL_ARGUMENT]: { type: 'string', description: describeFormat(tool.format) } }, required: [CUSTOM_TOOL_ARGUMENT], additionalProperties: false };
    converted.push({ type: 'function', function: { name: tool.name, ...(description !== undefined && { description }), parameters } });
  });
  return { tools: converted, customNames };
}

/** `tool_choice` in the hub's words: the flat named choice wrapped, a custom tool's named as its function. */
export function convertResponsesToolChoice(choice: unknown): Pick<ChatCompletionRequest, 'tool_choice'> {
  if (choice === undefined || choice === null) return {};
  if (choice === 'none' || choice === 'auto' || choice === 'required') return { tool_choice: choice };
  const named = choice as { type?: unknown; name?: unknown; mode?: unknown; tools?: unknown };
  if ((named.type === 'function' || named.type === 'custom') && typeof named.name === 'string') return { tool_choice: { type: 'function', function: { name: named.name } } };
  if (named.type === 'allowed_tools' && (named.mode === 'auto' || named.mode === 'required') && Array.isArray(named.tools)) {
    const tools = (named.tools as Array<{ type?: unknown; name?: unknown }>).map((tool, index) => {
      if ((tool.type !== 'function' && tool.type !== 'custom') || typeof tool.name !== 'string') throw unsupportedParameter(`tool_choice.tools[${index}]`, 'Only function and custom tools can be allowed on this model.');
      return { type: 'function', function: { name: tool.name } };
    });
    return { tool_choice: { type: 'allowed_tools', allowed_tools: { mode: named.mode, tools } } };
  }
  throw unsupportedParameter('tool_choice', 'tool_choice must be none, auto, required, a function or custom tool by name, or allowed_tools; hosted tools cannot be chosen on this model.');
}
