import { isRecord } from '@modelgate/testkit';
import {
  badRequest,
  expectedImageDataUrl,
  findImageDataUrlFault,
  invalidType,
  missingParameter,
  unsupportedImage,
  unsupportedValue,
  type OpenAiProblem,
} from '@modelgate/provider-openai-compatible/testing';

/**
 * The input item types OpenAI takes, in the order its 400 lists them for any other `type` (the
 * list OpenAI answered in May 2026, router-for-me/CLIProxyAPI#3414; param `input[<n>]`).
 */
const INPUT_ITEM_TYPES = [
  'apply_patch_call', 'apply_patch_call_output', 'code_interpreter_call', 'compaction', 'compaction_trigger',
  'computer_call', 'computer_call_output', 'custom_tool_call', 'custom_tool_call_output', 'file_search_call',
  'function_call', 'function_call_output', 'image_generation_call', 'item_reference', 'local_shell_call',
  'local_shell_call_output', 'mcp_approval_request', 'mcp_approval_response', 'mcp_call', 'mcp_list_tools',
  'message', 'reasoning', 'shell_call', 'shell_call_output', 'tool_search_call', 'tool_search_output', 'web_search_call',
] as const;
/** Taken without being listed: the legacy name of `compaction` (PROTOCOLS C.1). */
const UNLISTED_ITEM_TYPES = ['compaction_summary'];
const KNOWN_ITEM_TYPES = new Set<unknown>([...INPUT_ITEM_TYPES, ...UNLISTED_ITEM_TYPES]);

const CALL_TYPES: Readonly<Record<string, string>> = {
  function_call_output: 'function_call',
  custom_tool_call_output: 'custom_tool_call',
};

/** An `input_image` given as a data URL, refused in the Responses API's words (the param names the `image_url`). */
function inputImageProblem(part: unknown, param: string): OpenAiProblem | undefined {
  if (!isRecord(part) || part.type !== 'input_image' || typeof part.image_url !== 'string') return undefined;
  const fault = findImageDataUrlFault(part.image_url);
  const at = `${param}.image_url`;
  switch (fault?.kind) {
    case undefined:
      return undefined;
    case 'not-an-image-type':
      return expectedImageDataUrl(`Invalid '${at}'.`, at, `unsupported MIME type '${fault.mimeType}'`);
    case 'empty-base64':
      return expectedImageDataUrl(`Invalid '${at}'.`, at, 'empty base64-encoded bytes');
    case 'invalid-base64':
      return expectedImageDataUrl(`Invalid '${at}'.`, at, 'an invalid base64-encoded value');
    case 'unsupported-image':
      return unsupportedImage();
  }
}

/** The images of a message's `content` and of a tool output's `output` list. */
function checkImages(item: Record<string, unknown>, param: string): OpenAiProblem | undefined {
  for (const field of ['content', 'output'] as const) {
    const parts = item[field];
    if (!Array.isArray(parts)) continue;
    for (const [index, part] of parts.entries()) {
      const problem = inputImageProblem(part, `${param}.${field}[${index}]`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkItem(item: Record<string, unknown>, index: number, count: number, callIds: Set<string>, statelessHistory: boolean): OpenAiProblem | undefined {
  const param = `input[${index}]`;
  // An item without `type` is an "easy" message.
  if (item.type !== undefined && !KNOWN_ITEM_TYPES.has(item.type)) return unsupportedValue(param, item.type, INPUT_ITEM_TYPES);
  const imageProblem = checkImages(item, param);
  if (imageProblem) return imageProblem;
  switch (item.type) {
    case 'compaction_trigger':
      if (index !== count - 1) return badRequest(`Invalid '${param}': a compaction_trigger item must be the final input item.`, param, 'invalid_value');
      return undefined;
    case 'compaction':
    case 'compaction_summary':
      if (typeof item.encrypted_content !== 'string') return invalidType(`${param}.encrypted_content`, 'a string', item.encrypted_content);
      return undefined;
    case 'function_call':
      if (typeof item.arguments !== 'string') return invalidType(`${param}.arguments`, 'a string', item.arguments);
      if (typeof item.call_id === 'string') callIds.add(item.call_id);
      return undefined;
    case 'custom_tool_call':
      if (typeof item.call_id === 'string') callIds.add(item.call_id);
      return undefined;
    default:
      break;
  }
  const answered = typeof item.type === 'string' ? CALL_TYPES[item.type] : undefined;
  if (answered && statelessHistory && !callIds.has(item.call_id as string)) {
    return badRequest(`No tool call found for ${answered} output with call_id ${String(item.call_id)}.`, `${param}.call_id`, 'invalid_value');
  }
  return undefined;
}

function checkInput(input: unknown, statelessHistory: boolean): OpenAiProblem | undefined {
  if (input === undefined || typeof input === 'string') return undefined;
  if (!Array.isArray(input)) return invalidType('input', 'a string or an array', input);
  const callIds = new Set<string>();
  for (const [index, item] of input.entries()) {
    if (!isRecord(item)) return invalidType(`input[${index}]`, 'an object', item);
    const problem = checkItem(item, index, input.length, callIds, statelessHistory);
    if (problem) return problem;
  }
  return undefined;
}

/** Function tools are flat in the Responses API: `name` at the top level, no `function: {}` wrapper. */
function checkTools(tools: unknown): OpenAiProblem | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalidType('tools', 'an array', tools);
  for (const [index, tool] of tools.entries()) {
    if (!isRecord(tool) || typeof tool.type !== 'string') return missingParameter(`tools[${index}].type`);
    if ((tool.type === 'function' || tool.type === 'custom') && typeof tool.name !== 'string') return missingParameter(`tools[${index}].name`);
  }
  return undefined;
}

/**
 * Checks a `/v1/responses` or `/v1/responses/compact` body more strictly than OpenAI on the points
 * translators get wrong (PROTOCOLS B.1, I); an unknown item type is refused as OpenAI refuses it,
 * unknown fields are accepted.
 */
export function validateResponsesRequest(body: unknown): OpenAiProblem | undefined {
  if (!isRecord(body)) return badRequest('The request body must be a JSON object.');
  if (body.model === undefined) return missingParameter('model');
  if (typeof body.model !== 'string') return invalidType('model', 'a string', body.model);
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') return invalidType('stream', 'a boolean', body.stream);
  // Tool outputs must answer a call in the same input unless the history is stored server-side.
  return checkInput(body.input, body.previous_response_id === undefined && body.conversation === undefined) ?? checkTools(body.tools);
}
