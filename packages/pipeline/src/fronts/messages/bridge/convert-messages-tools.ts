import { unsupportedParameter, type AnthropicMessagesRequest, type ChatCompletionRequest, type ChatTool } from '@modelgate/core';

/** Tool fields the bridge reads; `cache_control` is a hint, `defer_loading` decides whether the tool is sent. */
const TOOL_FIELDS = new Set(['name', 'type', 'description', 'input_schema', 'cache_control', 'strict', 'defer_loading']);

/**
 * Client tools as function tools (PROTOCOLS F.4, read backwards). A tool the client deferred (tool
 * search: the model sees it only once a search loads it) is not sent, as Anthropic would not show
 * it; a server tool (`web_search_…`, `bash_…`: Anthropic runs it) or a field the hub lacks is a 400.
 */
export function convertMessagesTools(tools: AnthropicMessagesRequest['tools']): ChatTool[] | undefined {
  if (tools === undefined) return undefined;
  const converted: ChatTool[] = [];
  tools.forEach((tool, index) => {
    if (tool.type !== undefined && tool.type !== 'custom') {
      throw unsupportedParameter(`tools[${index}]`, `The server tool '${tool.type}' runs only on Anthropic; this model's family cannot run it.`);
    }
    const extra = Object.keys(tool).find((field) => !TOOL_FIELDS.has(field));
    if (extra) throw unsupportedParameter(`tools[${index}].${extra}`, `'${extra}' on a tool has no counterpart for this model's family.`);
    if (tool.defer_loading === true) return;
    converted.push({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        parameters: tool.input_schema ?? { type: 'object', properties: {} },
        ...(tool.strict !== undefined && { strict: tool.strict }),
      },
    });
  });
  return converted;
}

/**
 * `tool_choice` in the hub's words: auto, required (any), a named function, none.
 * `disable_parallel_tool_use` is not sent (Gemini and DeepSeek have no `parallel_tool_calls`): the
 * bridge keeps the promise itself, answering at most one `tool_use` (singleToolCall).
 */
export function convertMessagesToolChoice(choice: AnthropicMessagesRequest['tool_choice']): Pick<ChatCompletionRequest, 'tool_choice'> {
  if (choice === undefined) return {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto' };
    case 'any':
      return { tool_choice: 'required' };
    case 'tool':
      return { tool_choice: { type: 'function', function: { name: choice.name } } };
    case 'none':
      return { tool_choice: 'none' };
    default:
      throw unsupportedParameter('tool_choice.type', `tool_choice '${String((choice as { type?: unknown }).type)}' is not one of auto, any, tool, none.`);
  }
}

/** Whether the client asked for at most one tool call in the answer (`disable_parallel_tool_use`). */
export function singleToolCall(choice: AnthropicMessagesRequest['tool_choice']): boolean {
  return choice !== undefined && 'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use === true;
}
