import type { OpenAiProblem } from './openai-errors.js';
import { isRecord } from '@modelgate/testkit';
import { badRequest, emptyArray, invalidType, invalidValue, unsupportedValue } from './request-problems.js';
import { validateChatMessages } from './validate-chat-messages.js';
import { validateModelRules, validateNamedToolChoice } from './validate-model-rules.js';

const MAX_STOP_SEQUENCES = 4;
const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const PARSE_FAILURE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. " +
  'The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)';

interface NumberRule {
  field: string;
  minimum: number;
  maximum: number;
  integer: boolean;
}

const NUMBER_RULES: readonly NumberRule[] = [
  { field: 'n', minimum: 1, maximum: 128, integer: true },
  { field: 'temperature', minimum: 0, maximum: 2, integer: false },
  { field: 'top_p', minimum: 0, maximum: 1, integer: false },
  { field: 'presence_penalty', minimum: -2, maximum: 2, integer: false },
  { field: 'frequency_penalty', minimum: -2, maximum: 2, integer: false },
  { field: 'top_logprobs', minimum: 0, maximum: 20, integer: true },
  { field: 'max_tokens', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, integer: true },
  { field: 'max_completion_tokens', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, integer: true },
];

function validateNumber(body: Record<string, unknown>, rule: NumberRule): OpenAiProblem | undefined {
  const value = body[rule.field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || (rule.integer && !Number.isInteger(value))) {
    return invalidType(rule.field, rule.integer ? 'an integer' : 'a number', value);
  }
  const kind = rule.integer ? 'integer' : 'decimal';
  if (value < rule.minimum) {
    return badRequest(`Invalid '${rule.field}': expected a value >= ${rule.minimum}, but got ${value} instead.`, rule.field, `${kind}_below_min_value`);
  }
  if (value > rule.maximum) {
    return badRequest(`Invalid '${rule.field}': expected a value <= ${rule.maximum}, but got ${value} instead.`, rule.field, `${kind}_above_max_value`);
  }
  return undefined;
}

function validateBoolean(body: Record<string, unknown>, field: string): OpenAiProblem | undefined {
  const value = body[field];
  if (value === undefined || value === null || typeof value === 'boolean') return undefined;
  return invalidType(field, 'a boolean', value);
}

function validateStreamOptions(body: Record<string, unknown>): OpenAiProblem | undefined {
  const options = body.stream_options;
  if (options === undefined || options === null) return undefined;
  if (body.stream !== true) return invalidValue('stream_options', "'stream_options' is only allowed when 'stream' is enabled.");
  if (!isRecord(options)) return invalidType('stream_options', 'an object', options);
  if (options.include_usage !== undefined && typeof options.include_usage !== 'boolean') {
    return invalidType('stream_options.include_usage', 'a boolean', options.include_usage);
  }
  return undefined;
}

function validateStop(stop: unknown): OpenAiProblem | undefined {
  if (stop === undefined || stop === null || typeof stop === 'string') return undefined;
  if (!Array.isArray(stop)) return invalidType('stop', 'one of a string or array of strings', stop);
  if (stop.length > MAX_STOP_SEQUENCES) {
    return badRequest(
      `Invalid 'stop': array too long. Expected an array with maximum length ${MAX_STOP_SEQUENCES}, but got an array with length ${stop.length} instead.`,
      'stop',
      'array_above_max_length',
    );
  }
  const index = stop.findIndex((entry) => typeof entry !== 'string');
  return index === -1 ? undefined : invalidType(`stop[${index}]`, 'a string', stop[index]);
}

function validateTools(tools: unknown): OpenAiProblem | undefined {
  if (!Array.isArray(tools)) return invalidType('tools', 'an array', tools);
  // A gateway that forwards `tools: []` breaks here at OpenAI too.
  if (tools.length === 0) return emptyArray('tools');
  for (const [index, tool] of tools.entries()) {
    const param = `tools[${index}]`;
    if (!isRecord(tool)) return invalidType(param, 'an object', tool);
    if (tool.type !== 'function' && tool.type !== 'custom') return unsupportedValue(`${param}.type`, tool.type, ['function', 'custom']);
    const definition = tool.type === 'function' ? tool.function : tool.custom;
    const definitionParam = `${param}.${tool.type}`;
    if (!isRecord(definition)) return invalidType(definitionParam, 'an object', definition);
    if (typeof definition.name !== 'string' || !TOOL_NAME_PATTERN.test(definition.name)) {
      return badRequest(
        `Invalid '${definitionParam}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`,
        `${definitionParam}.name`,
        'invalid_value',
      );
    }
    if (tool.type === 'function' && definition.parameters !== undefined && !isRecord(definition.parameters)) {
      return invalidType(`${definitionParam}.parameters`, 'an object', definition.parameters);
    }
  }
  return undefined;
}

/** Fields that only make sense next to another one; OpenAI rejects them alone. */
function validateDependencies(body: Record<string, unknown>): OpenAiProblem | undefined {
  const hasTools = body.tools !== undefined && body.tools !== null;
  for (const field of ['tool_choice', 'parallel_tool_calls']) {
    if (body[field] !== undefined && body[field] !== null && !hasTools) {
      return invalidValue(field, `'${field}' is only allowed when 'tools' are specified.`);
    }
  }
  if (body.top_logprobs !== undefined && body.top_logprobs !== null && body.logprobs !== true) {
    return invalidValue('top_logprobs', "'top_logprobs' requires 'logprobs' to be set to true.");
  }
  return undefined;
}

/**
 * Validates a `POST /v1/chat/completions` body the way OpenAI does, and stricter where that catches
 * translator bugs sooner (PROTOCOLS I). Unknown top-level fields are accepted: the gateway forwards
 * fields it does not know. Returns the first problem found.
 */
export function validateChatRequest(body: unknown): OpenAiProblem | undefined {
  if (body === undefined) return badRequest(PARSE_FAILURE);
  if (!isRecord(body)) return invalidType('body', 'an object', body);
  if (body.model === undefined) return badRequest('you must provide a model parameter');
  if (typeof body.model !== 'string') return invalidType('model', 'a string', body.model);
  const checks: Array<() => OpenAiProblem | undefined> = [
    () => validateChatMessages(body.messages),
    () => validateBoolean(body, 'stream'),
    () => validateBoolean(body, 'logprobs'),
    () => validateBoolean(body, 'parallel_tool_calls'),
    ...NUMBER_RULES.map((rule) => () => validateNumber(body, rule)),
    () => validateStreamOptions(body),
    () => validateStop(body.stop),
    () => (body.tools === undefined || body.tools === null ? undefined : validateTools(body.tools)),
    () => validateDependencies(body),
    () => validateNamedToolChoice(body),
    () => validateModelRules(body),
  ];
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
}
