import type { OpenAiProblem } from './openai-errors.js';
import { isRecord } from '@modelgate/testkit';
import { emptyArray, invalidType, missingParameter, badRequest, unsupportedValue } from './request-problems.js';
import { expectedImageDataUrl, findImageDataUrlFault, unsupportedImage } from './image-data-url.js';

/** In the order OpenAI lists them when it refuses a role. */
const ROLES = ['system', 'assistant', 'user', 'function', 'tool', 'developer'] as const;
const USER_PART_TYPES = ['text', 'image_url', 'input_audio', 'file'] as const;
const ASSISTANT_PART_TYPES = ['text', 'refusal'] as const;
const TEXT_PART_TYPES = ['text'] as const;

/** An inline image as Chat Completions refuses it: bad base64 in OpenAI's oldest words, a wrong type in its newer ones. */
function imageUrlProblem(url: string, param: string): OpenAiProblem | undefined {
  const fault = findImageDataUrlFault(url);
  switch (fault?.kind) {
    case undefined:
      return undefined;
    case 'not-an-image-type':
      return expectedImageDataUrl(`Invalid image URL: '${param}'.`, param, `unsupported MIME type '${fault.mimeType}'`);
    case 'empty-base64':
    case 'invalid-base64':
      return badRequest('Invalid base64 image_url.', null, 'invalid_base64');
    case 'unsupported-image':
      return unsupportedImage();
  }
}

function validatePart(part: unknown, param: string, allowed: readonly string[]): OpenAiProblem | undefined {
  if (!isRecord(part)) return invalidType(param, 'an object', part);
  if (!allowed.includes(part.type as string)) return unsupportedValue(`${param}.type`, part.type, allowed);
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string' ? undefined : invalidType(`${param}.text`, 'a string', part.text);
    case 'refusal':
      return typeof part.refusal === 'string' ? undefined : invalidType(`${param}.refusal`, 'a string', part.refusal);
    case 'image_url':
      if (!isRecord(part.image_url) || typeof part.image_url.url !== 'string') return missingParameter(`${param}.image_url.url`);
      return imageUrlProblem(part.image_url.url, `${param}.image_url.url`);
    case 'input_audio':
      return isRecord(part.input_audio) && typeof part.input_audio.data === 'string' ? undefined : missingParameter(`${param}.input_audio.data`);
    case 'file':
      return isRecord(part.file) ? undefined : invalidType(`${param}.file`, 'an object', part.file);
    default:
      return undefined;
  }
}

/** `content` as a string or a non-empty array of the allowed part types. */
function validateContent(content: unknown, param: string, allowed: readonly string[]): OpenAiProblem | undefined {
  if (typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return invalidType(param, 'one of a string or array of objects', content);
  if (content.length === 0) return emptyArray(param);
  for (const [index, part] of content.entries()) {
    const problem = validatePart(part, `${param}[${index}]`, allowed);
    if (problem) return problem;
  }
  return undefined;
}

function validateToolCalls(toolCalls: unknown, param: string): OpenAiProblem | undefined {
  if (!Array.isArray(toolCalls)) return invalidType(param, 'an array', toolCalls);
  if (toolCalls.length === 0) return emptyArray(param);
  for (const [index, call] of toolCalls.entries()) {
    const callParam = `${param}[${index}]`;
    if (!isRecord(call)) return invalidType(callParam, 'an object', call);
    if (typeof call.id !== 'string') return call.id === undefined ? missingParameter(`${callParam}.id`) : invalidType(`${callParam}.id`, 'a string', call.id);
    if (call.type !== 'function') return unsupportedValue(`${callParam}.type`, call.type, ['function']);
    if (!isRecord(call.function)) return missingParameter(`${callParam}.function`);
    if (typeof call.function.name !== 'string') return invalidType(`${callParam}.function.name`, 'a string', call.function.name);
    // The classic translator bug: arguments sent as an object instead of a JSON string.
    if (typeof call.function.arguments !== 'string') return invalidType(`${callParam}.function.arguments`, 'a string', call.function.arguments);
  }
  return undefined;
}

function validateMessageShape(message: Record<string, unknown>, param: string): OpenAiProblem | undefined {
  switch (message.role) {
    case 'system':
    case 'developer':
    case 'tool':
      if (message.content === undefined) return missingParameter(`${param}.content`);
      return validateContent(message.content, `${param}.content`, TEXT_PART_TYPES);
    case 'user':
      if (message.content === undefined) return missingParameter(`${param}.content`);
      return validateContent(message.content, `${param}.content`, USER_PART_TYPES);
    case 'assistant': {
      const hasToolCalls = message.tool_calls !== undefined && message.tool_calls !== null;
      if (hasToolCalls) {
        const problem = validateToolCalls(message.tool_calls, `${param}.tool_calls`);
        if (problem) return problem;
      }
      if (message.content === undefined || message.content === null) {
        const answered = hasToolCalls || message.function_call !== undefined || typeof message.refusal === 'string';
        return answered ? undefined : invalidType(`${param}.content`, 'a string', message.content ?? null);
      }
      return validateContent(message.content, `${param}.content`, ASSISTANT_PART_TYPES);
    }
    case 'function':
      if (typeof message.name !== 'string') return missingParameter(`${param}.name`);
      return undefined;
    default:
      return unsupportedValue(`${param}.role`, message.role, ROLES);
  }
}

/** The assistant message whose tool calls the following tool messages must answer. */
interface OpenToolCallGroup {
  assistantIndex: number;
  ids: Set<string>;
  unanswered: Set<string>;
}

function unansweredProblem(group: OpenToolCallGroup): OpenAiProblem {
  return badRequest(
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. " +
      `The following tool_call_ids did not have response messages: ${[...group.unanswered].join(', ')}`,
    `messages[${group.assistantIndex}].role`,
  );
}

function validateToolMessage(message: Record<string, unknown>, index: number, group: OpenToolCallGroup | undefined): OpenAiProblem | undefined {
  const param = `messages[${index}]`;
  if (message.tool_call_id === undefined) return missingParameter(`${param}.tool_call_id`);
  if (typeof message.tool_call_id !== 'string') return invalidType(`${param}.tool_call_id`, 'a string', message.tool_call_id);
  if (group === undefined) {
    return badRequest("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", `${param}.role`);
  }
  if (!group.unanswered.delete(message.tool_call_id)) {
    const reason = group.ids.has(message.tool_call_id) ? 'was already answered' : "not found in 'tool_calls' of previous message";
    return badRequest(`Invalid parameter: 'tool_call_id' of '${message.tool_call_id}' ${reason}.`, `${param}.tool_call_id`);
  }
  return undefined;
}

/**
 * Checks each message's shape and OpenAI's pairing rule: the tool messages right after an assistant
 * message with `tool_calls` answer each of its ids exactly once, and only those ids.
 */
export function validateChatMessages(messages: unknown): OpenAiProblem | undefined {
  if (messages === undefined) return missingParameter('messages');
  if (!Array.isArray(messages)) return invalidType('messages', 'an array', messages);
  if (messages.length === 0) return emptyArray('messages');

  let group: OpenToolCallGroup | undefined;
  for (const [index, message] of messages.entries()) {
    const param = `messages[${index}]`;
    if (!isRecord(message)) return invalidType(param, 'an object', message);
    const problem = validateMessageShape(message, param);
    if (problem) return problem;
    if (message.role === 'tool') {
      const toolProblem = validateToolMessage(message, index, group);
      if (toolProblem) return toolProblem;
      continue;
    }
    if (group !== undefined && group.unanswered.size > 0) return unansweredProblem(group);
    group = undefined;
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      const ids = new Set(message.tool_calls.map((call: { id: string }) => call.id));
      group = { assistantIndex: index, ids, unanswered: new Set(ids) };
    }
  }
  if (group !== undefined && group.unanswered.size > 0) return unansweredProblem(group);
  return undefined;
}
