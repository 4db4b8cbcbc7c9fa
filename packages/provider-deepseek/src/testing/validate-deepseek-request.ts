import type { OpenAiProblem } from '@modelgate/provider-openai-compatible/testing';
import { isRecord } from '@modelgate/testkit';
import { badRequest } from './deepseek-errors.js';
import { validateDeepSeekMessages } from './validate-deepseek-messages.js';

const THINKING_TYPES = ['enabled', 'disabled'];
/** DeepSeek's own effort values; the gateway must map OpenAI's (stricter than DeepSeek, which maps some itself). */
const EFFORTS = ['low', 'high', 'max'];

type Message = Record<string, unknown>;

/** Thinking is DeepSeek's default: only `thinking: {type: "disabled"}` turns it off. */
export function isThinking(body: Record<string, unknown>): boolean {
  return !(isRecord(body.thinking) && body.thinking.type === 'disabled');
}

function isForcedToolChoice(choice: unknown): boolean {
  return choice === 'required' || (isRecord(choice) && !(choice.type === 'allowed_tools' && isRecord(choice.allowed_tools) && choice.allowed_tools.mode !== 'required'));
}

function promptText(messages: readonly Message[]): string {
  return messages
    .map((message) => (typeof message.content === 'string' ? message.content : Array.isArray(message.content) ? message.content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('') : ''))
    .join('\n');
}

/**
 * The assistant turns of a tool loop (with tool calls, or answering tool results since the last
 * user message) that came back without their `reasoning_content` (or with an empty one: whether
 * DeepSeek takes `""` is not documented, so the simulator refuses it).
 */
export function turnsMissingReasoning(messages: readonly Message[]): number[] {
  const missing: number[] = [];
  let inToolLoop = false;
  messages.forEach((message, index) => {
    if (message.role === 'user') inToolLoop = false;
    if (message.role === 'tool' || (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0)) inToolLoop = true;
    if (message.role === 'assistant' && inToolLoop && !(typeof message.reasoning_content === 'string' && message.reasoning_content.length > 0)) missing.push(index);
  });
  return missing;
}

/**
 * What DeepSeek refuses beyond OpenAI's validation, in DeepSeek's words (PROTOCOLS G.2): a role it
 * does not know (`developer`), array content where it takes a string, a thinking switch or effort it does not know, `json_schema` output, `json_object` without "json" in the
 * prompt, and while thinking a forced tool call, log probabilities, or a tool loop sent back
 * without its reasoning.
 */
export function validateDeepSeekRequest(body: Record<string, unknown>): OpenAiProblem | undefined {
  const messageProblem = validateDeepSeekMessages(body.messages as Message[]);
  if (messageProblem) return messageProblem;
  if (body.thinking !== undefined && !(isRecord(body.thinking) && THINKING_TYPES.includes(body.thinking.type as string))) {
    return badRequest('Invalid thinking type, expected one of: enabled, disabled');
  }
  if (body.reasoning_effort !== undefined && !EFFORTS.includes(body.reasoning_effort as string)) {
    return badRequest(`Invalid reasoning_effort, expected one of: ${EFFORTS.join(', ')}`);
  }
  const format = isRecord(body.response_format) ? body.response_format.type : undefined;
  if (format === 'json_schema') return badRequest('This response_format type is unavailable now');
  const messages = body.messages as Message[];
  if (format === 'json_object' && !/json/i.test(promptText(messages))) {
    return badRequest("Prompt must contain the word 'json' in some form to use 'response_format' of type 'json_object'.");
  }
  if (!isThinking(body)) return undefined;
  if (body.tool_choice !== undefined && isForcedToolChoice(body.tool_choice)) return badRequest('Thinking mode does not support this tool_choice');
  if (body.logprobs === true || (body.top_logprobs !== undefined && body.top_logprobs !== null)) return badRequest('Thinking mode does not support logprobs');
  if (turnsMissingReasoning(messages).length > 0) return badRequest('The `reasoning_content` in the thinking mode must be passed back to the API.');
  return undefined;
}
