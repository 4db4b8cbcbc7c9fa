import { isRecord } from '@modelgate/testkit';
import type { OpenAiProblem } from './openai-errors.js';
import { badRequest } from './request-problems.js';

/**
 * OpenAI's reasoning models (o-series, GPT-5 and later, not their `-chat` variants) take
 * `max_completion_tokens` only and no sampling but the defaults; OpenAI answers 400 with these
 * words (quoted in many client bug reports).
 */
const REASONING_MODEL = /^(o\d|gpt-[5-9])(?!.*-chat)/;

function unsupportedSampling(field: string, value: unknown): OpenAiProblem {
  return badRequest(
    `Unsupported value: '${field}' does not support ${JSON.stringify(value)} with this model. Only the default (1) value is supported.`,
    field,
    'unsupported_value',
  );
}

/** The rules that depend on the model: what a reasoning model refuses. */
export function validateModelRules(body: Record<string, unknown>): OpenAiProblem | undefined {
  if (typeof body.model !== 'string' || !REASONING_MODEL.test(body.model)) return undefined;
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    return badRequest("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter');
  }
  for (const field of ['temperature', 'top_p']) {
    const value = body[field];
    if (value !== undefined && value !== null && value !== 1) return unsupportedSampling(field, value);
  }
  return undefined;
}

/**
 * A `tool_choice` that names a function must name one of `tools`. (OpenAI refuses it; this wording
 * is modelled on its other `tool_choice` messages, not quoted.)
 */
export function validateNamedToolChoice(body: Record<string, unknown>): OpenAiProblem | undefined {
  const choice = body.tool_choice;
  if (!isRecord(choice) || !isRecord(choice.function) || typeof choice.function.name !== 'string') return undefined;
  const name = choice.function.name;
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const declared = tools.some((tool) => isRecord(tool) && isRecord(tool.function) && tool.function.name === name);
  if (declared) return undefined;
  return badRequest(`Invalid value for 'tool_choice': function '${name}' is not one of the functions in 'tools'.`, 'tool_choice', 'invalid_value');
}
