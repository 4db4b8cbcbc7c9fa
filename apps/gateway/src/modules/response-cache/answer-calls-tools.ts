import { jsonPayloadsOf } from './replay-cached-answer.js';

/** Parts of an answer, in any front's dialect, that call a client's tool. */
const TOOL_CALL_TYPES: ReadonlySet<string> = new Set(['tool_use', 'function_call', 'custom_tool_call']);

/**
 * Whether an answer (a whole body, or a stream's events) calls a tool: chat `tool_calls`, a Messages
 * `tool_use` block, a Responses `function_call` or `custom_tool_call` item, a Gemini `functionCall` part. An agent expects its
 * tool to run again on the next identical turn, so such answers are not cached unless asked.
 */
export function answerCallsTools(texts: readonly string[]): boolean {
  return texts.some((text) => jsonPayloadsOf(text).some(callsTools));
}

function callsTools(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(callsTools);
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  if (Array.isArray(object.tool_calls) && object.tool_calls.length > 0) return true;
  // A Gemini part that calls a function.
  if (object.functionCall !== undefined) return true;
  if (typeof object.type === 'string' && TOOL_CALL_TYPES.has(object.type)) return true;
  return Object.values(object).some(callsTools);
}
